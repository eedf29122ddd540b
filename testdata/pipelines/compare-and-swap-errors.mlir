// An atomic that every LLVM-based target compiles as a compare-and-swap loop
// (memref.generic_atomic_rmw, memref.atomic_rmw of muli or mulf) on an
// element that LLVM's cmpxchg does not take (i1 here; 128 bits neither) is
// one error at the op, with exit code 1, on the host, CUDA and ROCm targets
// alike.
//
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-host -o /dev/null 2>&1 | FileCheck %s
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=isa" -o /dev/null 2>&1 | FileCheck %s
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-rocm="chips=gfx942 format=isa" -o /dev/null 2>&1 | FileCheck %s
// CHECK: compare-and-swap-errors.mlir:[[# @LINE + 6]]:10: error: 'memref.generic_atomic_rmw' of 'i1' has no compare-and-swap loop in LLVM, whose cmpxchg takes elements of 8, 16, 32 or 64 bits
// CHECK-NOT: error:

gpu.module @m {
  gpu.func @f(%m: memref<4xi1>, %x: i1) kernel {
    %c0 = arith.constant 0 : index
    %r = memref.generic_atomic_rmw %m[%c0] : memref<4xi1> {
    ^bb0(%current: i1):
      %y = arith.xori %current, %x : i1
      memref.atomic_yield %y : i1
    }
    gpu.return
  }
}
