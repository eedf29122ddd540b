; SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
; Kernels for the HIP backend's tests, compiled to AMDGPU code objects for
; several chips and modes (see offload_runtime/tests/BUILD.bazel). The test
; HIP runtime runs no kernel: it finds them by their descriptors (fill.kd).
target triple = "amdgcn-amd-amdhsa"

; out[threadIdx.x] = value
define amdgpu_kernel void @fill(ptr addrspace(1) %out, i32 %value) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %slot = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %value, ptr addrspace(1) %slot
  ret void
}

define amdgpu_kernel void @other() {
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
