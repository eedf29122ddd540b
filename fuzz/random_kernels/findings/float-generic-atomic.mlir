// Found by fuzz/random_kernels (avoid flag: float-generic-atomic).
// memref.generic_atomic_rmw on f32 in global memory: the host target (and
// the CUDA target) lower it with upstream's MemRef-to-LLVM pattern to an
// llvm.cmpxchg of f32, which the LLVM dialect's verifier rejects; the user
// gets a verifier error about an op they never wrote (with a "see current
// operation" note), not a diagnostic that says what is not supported, and
// an f32 compare-and-swap loop (through an i32 bitcast) would do.
// Expected: the kernel runs (or one clear error at the op); actual:
//   error: 'llvm.cmpxchg' op operand #1 must be signless integer or LLVM
//   pointer type, but got 'f32'
// On workgroup memory the host target makes it a plain update, and it runs.
//
// RUN: not offload-opt %s --offload-lower-to-host -o /dev/null 2>&1 | FileCheck %s
// RUN: not offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=isa" -o /dev/null 2>&1 | FileCheck %s
// CHECK: 'llvm.cmpxchg' op operand #1 must be signless integer or LLVM pointer type, but got 'f32'

gpu.module @m {
  gpu.func @f(%x: f32, %m: memref<4xf32>) kernel {
    %c0 = arith.constant 0 : index
    %r = memref.generic_atomic_rmw %m[%c0] : memref<4xf32> {
    ^bb0(%cur: f32):
      %s = arith.addf %cur, %x : f32
      memref.atomic_yield %s : f32
    }
    gpu.return
  }
}
