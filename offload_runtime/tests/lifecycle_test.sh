#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs lifecycle_program: with the test driver it prints nothing and exits 0
# (no error from unloading at exit); with no driver it prints one line and
# exits 1 at its first GPU call, in a global constructor.
set -uo pipefail
program="$1"
driver="$2"
fail() { echo "FAIL: $*" >&2; exit 1; }

output=$(MGPU_CUDA_DRIVER="$driver" "$program" 2>&1)
status=$?
[[ $status == 0 ]] || fail "with a driver: exit status $status, output: $output"
[[ -z $output ]] || fail "with a driver: printed '$output'"

output=$(MGPU_DEVICE=cuda MGPU_CUDA_DRIVER=/nonexistent/libcuda.so.1 "$program" 2>&1)
status=$?
[[ $status == 1 ]] || fail "without a driver: exit status $status, output: $output"
[[ $(wc -l <<<"$output") == 1 ]] || fail "without a driver: not one line: $output"
[[ $output == "mgpu: mgpuModuleLoad: cannot load the CUDA driver ("* ]] ||
  fail "without a driver: unexpected message: $output"

# A machine whose driver sees no GPU.
output=$(MGPU_DEVICE=cuda FAKE_CUDA_DEVICES= MGPU_CUDA_DRIVER="$driver" "$program" 2>&1)
status=$?
[[ $status == 1 ]] || fail "without a device: exit status $status, output: $output"
[[ $output == "mgpu: mgpuModuleLoad: cuInit failed with CUDA_ERROR_NO_DEVICE"* ]] ||
  fail "without a device: unexpected message: $output"

# By default (MGPU_DEVICE=auto) the host runs, and a cubin is not for it.
output=$(FAKE_CUDA_DEVICES= MGPU_CUDA_DRIVER="$driver" "$program" 2>&1)
status=$?
[[ $status == 1 ]] || fail "auto without a device: exit status $status, output: $output"
[[ $output == "mgpu: mgpuModuleLoad: the object is a CUDA cubin; the host backend runs host objects (#offload.host) for this machine (MGPU_DEVICE=auto runs on the host because CUDA cannot: cuInit failed with CUDA_ERROR_NO_DEVICE"* ]] ||
  fail "auto without a device: unexpected message: $output"
echo "lifecycle: 4 passed, 0 failed"
