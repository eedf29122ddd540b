#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# libmgpu.so exports every entry point that upstream MLIR 22's lowering emits,
# exactly the functions of the ABI table (include/mgpu/mgpu_abi.def), and,
# beside them, the memref fill helpers of upstream's Vulkan and SPIR-V runtime
# libraries that MLIR's own programs call, in both of their forms.
set -uo pipefail
nm="$1"
library="$2"
table="$3"
checks=0
failures=0
check() { checks=$((checks + 1)); }
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# Global symbols only: the dynamic symbol table may also hold local ones
# that no other module can bind to, such as the runtime's hidden
# thread-local state when it is addressed through the dynamic linker.
exported=$("$nm" -D --defined-only --extern-only "$library" | awk '{print $3}' | sort)
declared=$(grep -oE 'MGPU_FUNCTION\(mgpu[A-Za-z0-9]+' "$table" | sed 's/MGPU_FUNCTION(//' | sort -u)
check
[[ -n $declared ]] || fail "no MGPU_FUNCTION entries in $table"

for symbol in mgpuModuleLoad mgpuModuleLoadJIT mgpuModuleUnload mgpuModuleGetFunction \
  mgpuLaunchKernel mgpuLaunchClusterKernel mgpuStreamCreate mgpuStreamDestroy \
  mgpuStreamSynchronize mgpuStreamWaitEvent mgpuEventCreate mgpuEventDestroy \
  mgpuEventSynchronize mgpuEventRecord mgpuMemAlloc mgpuMemFree mgpuMemcpy \
  mgpuMemset32 mgpuMemset16 mgpuMemHostRegister mgpuMemHostUnregister \
  mgpuMemHostRegisterMemRef mgpuMemHostUnregisterMemRef mgpuSetDefaultDevice \
  mgpuTensorMapEncodeTiled mgpuTensorMapEncodeTiledMemref; do
  check
  grep -qx "$symbol" <<<"$exported" || fail "$symbol is not exported"
done

# Upstream's Vulkan runtime wrappers (fillResource*) and SPIR-V CPU runner
# utilities (fill*Buffer*): each as a plain declaration calls it (the memref
# expanded) and as one with llvm.emit_c_interface does (_mlir_ciface_*).
fill_helpers=$(for name in fillResource{1,2,3}D{Float,Int,Int8} fillI32Buffer fillF32Buffer{1,2,3}D; do
  echo "$name"
  echo "_mlir_ciface_$name"
done | sort)
for symbol in $fill_helpers; do
  check
  grep -qx "$symbol" <<<"$exported" || fail "$symbol is not exported"
done

expected=$(printf '%s\n%s\n' "$declared" "$fill_helpers" | sort)
check
[[ $exported == "$expected" ]] ||
  fail "exports differ from the ABI table and the fill helpers: $(diff <(echo "$expected") <(echo "$exported") | grep '^[<>]' | tr '\n' ' ')"
check
if "$nm" -D --undefined-only "$library" | grep -q ' cu[A-Z]'; then
  fail "libmgpu.so links CUDA driver symbols: $("$nm" -D --undefined-only "$library" | grep ' cu[A-Z]' | head -3)"
fi
echo "abi: $((checks - failures)) passed, $failures failed"
exit $((failures > 0))
