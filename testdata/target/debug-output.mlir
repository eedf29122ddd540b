// -debug-only=serialize-to-binary shows what the serializer ran: the LLVM IR
// it compiled, the PTX, and each tool's command line. ptxas optimizes at the
// target's level unless its options choose one.

// RUN: offload-opt %s -debug-only=serialize-to-binary --gpu-module-to-binary='format=bin toolkit=%cuda_toolkit' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s
// CHECK: LLVM IR of gpu.module @kernels for sm_90, linked and optimized:
// CHECK: define ptx_kernel void @scale(
// CHECK: PTX of gpu.module @kernels for sm_90:
// CHECK: .visible .entry scale(
// CHECK: Tool invocation for gpu.module @kernels (sm_90):
// CHECK-NEXT: nvJitLink -arch=sm_90 -Xptxas=--opt-level=3{{$}}
// CHECK: Tool invocation for gpu.module @user_level (sm_90):
// CHECK-NEXT: nvJitLink -arch=sm_90 -Xptxas=-O1

// Without the option, nothing of it.
// RUN: offload-opt %s --gpu-module-to-binary='format=bin toolkit=%cuda_toolkit' -o /dev/null 2>&1 | count 0

module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda<chip = "sm_90", O = 3>] {
    llvm.func @scale(%p: !llvm.ptr, %x: f32) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr -> f32
      %r = llvm.fmul %v, %x : f32
      llvm.store %r, %p : f32, !llvm.ptr
      llvm.return
    }
  }
  gpu.module @user_level [#offload.cuda<chip = "sm_90", ptxasOptions = ["-O1"]>] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
