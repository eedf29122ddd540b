#!/usr/bin/env bash
# libmgpu.so exports every entry point that upstream MLIR 22's lowering emits,
# and exactly the functions that include/mgpu/mgpu.h declares.
set -uo pipefail
nm="$1"
library="$2"
header="$3"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

exported=$("$nm" -D --defined-only "$library" | awk '{print $3}' | sort)
declared=$(grep -oE 'mgpu[A-Za-z0-9]+\(' "$header" | tr -d '(' | sort -u)

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
  fail "exports differ from mgpu.h: $(diff <(echo "$declared") <(echo "$exported") | grep '^[<>]' | tr '\n' ' ')"
if "$nm" -D --undefined-only "$library" | grep -q ' cu[A-Z]'; then
  fail "libmgpu.so links CUDA driver symbols: $("$nm" -D --undefined-only "$library" | grep ' cu[A-Z]' | head -3)"
fi
echo "abi: $((28 - failures)) passed, $failures failed"
exit $((failures > 0))
