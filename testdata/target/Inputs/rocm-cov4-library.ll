; A library for AMD GPUs built for code object version 4, which a module for
; version 5 (#offload.rocm's default abi) cannot link.
target triple = "amdgcn-amd-amdhsa"

define float @sine(float %x) {
  ret float %x
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 400}
