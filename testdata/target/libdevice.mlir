// A kernel that calls libdevice gets it linked from the toolkit; a toolkit
// without libdevice is an error that says where it looked.

// RUN: offload-opt %s --gpu-module-to-binary='format=isa toolkit=%cuda_toolkit' \
// RUN:   | %python %S/../extract_object.py -o /dev/stdout | FileCheck %s
// CHECK: .visible .entry exp(
// CHECK-NOT: __nv_expf
// CHECK: ex2.approx
// CHECK-NOT: __nv_expf

// RUN: %expect_exit 1 offload-opt %s --gpu-module-to-binary='format=isa toolkit=%S/Inputs/no-libdevice' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot compile gpu.module @kernels for sm_90: cannot find a CUDA toolkit with what this compile needs; looked in:
// MISSING-NEXT: no-libdevice (the toolkit option): no nvvm/libdevice/libdevice.10.bc (libdevice, which defines __nv_expf)
// MISSING-NOT: Unresolved extern function

module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda<chip = "sm_90">] {
    llvm.func @__nv_expf(f32) -> f32
    llvm.func @exp(%p: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr -> f32
      %r = llvm.call @__nv_expf(%v) : (f32) -> f32
      llvm.store %r, %p : f32, !llvm.ptr
      llvm.return
    }
  }
}
