#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# libmgpu.so exports every entry point that upstream MLIR 22's lowering emits,
# and exactly the functions of the ABI table (include/mgpu/mgpu_abi.def).
set -uo pipefail
nm="$1"
library="$2"
table="$3"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# Global symbols only: the dynamic symbol table may also hold local ones
# that no other module can bind to, such as the runtime's hidden
# thread-local state when it is addressed through the dynamic linker.
exported=$("$nm" -D --defined-only --extern-only "$library" | awk '{print $3}' | sort)
declared=$(grep -oE 'MGPU_FUNCTION\(mgpu[A-Za-z0-9]+' "$table" | sed 's/MGPU_FUNCTION(//' | sort -u)
[[ -n $declared ]] || fail "no MGPU_FUNCTION entries in $table"

for symbol in mgpuModuleLoad mgpuModuleLoadJIT mgpuModuleUnload mgpuModuleGetFunction \
  mgpuLaunchKernel mgpuLaunchClusterKernel mgpuStreamCreate mgpuStreamDestroy \
  mgpuStreamSynchronize mgpuStreamWaitEvent mgpuEventCreate mgpuEventDestroy \
  mgpuEventSynchronize mgpuEventRecord mgpuMemAlloc mgpuMemFree mgpuMemcpy \
  mgpuMemset32 mgpuMemset16 mgpuMemHostRegister mgpuMemHostUnregister \
  mgpuMemHostRegisterMemRef mgpuMemHostUnregisterMemRef mgpuSetDefaultDevice \
  mgpuTensorMapEncodeTiled mgpuTensorMapEncodeTiledMemref; do
  grep -qx "$symbol" <<<"$exported" || fail "$symbol is not exported"
done
[[ $exported == "$declared" ]] ||
  fail "exports differ from the ABI table: $(diff <(echo "$declared") <(echo "$exported") | grep '^[<>]' | tr '\n' ' ')"
if "$nm" -D --undefined-only "$library" | grep -q ' cu[A-Z]'; then
  fail "libmgpu.so links CUDA driver symbols: $("$nm" -D --undefined-only "$library" | grep ' cu[A-Z]' | head -3)"
fi
echo "abi: $((29 - failures)) passed, $failures failed"
exit $((failures > 0))
