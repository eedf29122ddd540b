#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The #offload.loader program on machines it cannot run on: a device older
# than every object is one line naming it and what the binary holds (passed
# over under MGPU_DEVICE=auto, lazy loading or not); with load = "lazy", a
# program that never launches never touches the GPU.
set -uo pipefail
eager="$1"
lazy="$2"
driver="$3"
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

output=$(MGPU_DEVICE=cuda FAKE_CUDA_DEVICES=75 MGPU_CUDA_DRIVER="$driver" "$eager" 2>&1)
status=$?
[[ $status == 1 ]] || fail "sm_75: exit status $status"
expected="mgpu: mgpuModuleLoadObjects: gpu.binary @kernels has no object for device 0 (sm_75): it holds cubin sm_80, cubin sm_90; compile it for this chip too, or include PTX"
[[ $output == "$expected" ]] || fail "sm_75: printed '$output'"

# With MGPU_DEVICE=auto, a GPU that the binary has nothing for is passed over
# (here for the host, which it has nothing for either), also when the
# binary loads lazily and the program's first call loads nothing.
passed_over="gpu.binary @kernels has no object for the host CPU (x86-64): it holds cubin sm_80, cubin sm_90; MGPU_DEVICE=auto runs on the host because CUDA cannot run gpu.binary @kernels: device 0 (sm_75) runs none of cubin sm_80, cubin sm_90. Compile it for the host too (the pipelines' host option, offload_cc_library's host = True)"
output=$(FAKE_CUDA_DEVICES=75 MGPU_CUDA_DRIVER="$driver" "$eager" 2>&1)
status=$?
[[ $status == 1 && $output == "mgpu: mgpuModuleLoadObjects: $passed_over" ]] ||
  fail "sm_75 under auto: exit $status, printed '$output'"
output=$(ALLOCATE_FIRST=1 FAKE_CUDA_DEVICES=75 MGPU_CUDA_DRIVER="$driver" "$lazy" 2>&1)
status=$?
[[ $status == 1 && $output == "mgpu: mgpuGetFunctionLazily: $passed_over" ]] ||
  fail "lazy on sm_75 under auto: exit $status, printed '$output'"

output=$(NO_LAUNCH=1 MGPU_CUDA_DRIVER=/nonexistent/libcuda.so.1 "$lazy" 2>&1)
status=$?
[[ $status == 0 && -z $output ]] || fail "lazy without launches: exit $status, printed '$output'"

output=$(MGPU_DEVICE=cuda MGPU_CUDA_DRIVER=/nonexistent/libcuda.so.1 "$lazy" 2>&1)
status=$?
[[ $status == 1 && $output == "mgpu: mgpuGetFunctionLazily: cannot load the CUDA driver ("* ]] ||
  fail "lazy without a driver: exit $status, printed '$output'"

# By default the host backend runs; this binary has CUDA objects only.
output=$(MGPU_CUDA_DRIVER=/nonexistent/libcuda.so.1 "$eager" 2>&1)
status=$?
expected="mgpu: mgpuModuleLoadObjects: gpu.binary @kernels has no object for the host CPU (x86-64): it holds cubin sm_80, cubin sm_90; MGPU_DEVICE=auto runs on the host because CUDA cannot: cannot load the CUDA driver ("
[[ $status == 1 && $output == "$expected"* && $output == *". Compile it for the host too (the pipelines' host option, offload_cc_library's host = True)" ]] ||
  fail "no host object: exit $status, printed '$output'"
echo "loader_no_device: $((6 - failed)) passed, $failed failed"
exit $((failed > 0))
