// Found by fuzz/random_kernels (defect unsigned-loop-sign-bit-step, fixed).
// Upstream MLIR 22's canonicalization erases an unsigned scf.for
// (`scf.for unsigned`) whose constant step has its sign bit set, as if the
// step were negative; for an unsigned loop it is a positive step.
// Here: for unsigned i = lb to 1825791251 step 2^31 + 6 (i32), lb a kernel
// argument, 1825791205 + threadIdx.x: one iteration in each thread
// (i = lb; lb + step = 3973274859 + x is past the bound, no wrap).
// Right: [1, 1]; before the fix: [0, 0].
// The same in upstream alone: `mlir-opt-22 --canonicalize` folds
//   scf.for unsigned %i = %arg to %c100 step %c-5 ... : index
// to its init value.
//
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host="check=true" | %offload_runner | FileCheck %s
// CHECK: [1, 1]

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %params = memref.alloca() : memref<1xi32>
  %b = arith.constant 1825791205 : i32
  memref.store %b, %params[%c0] : memref<1xi32>
  %base = memref.load %params[%c0] : memref<1xi32>
  %out = gpu.alloc host_shared () : memref<2xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %ub = arith.constant 1825791251 : i32
    %step = arith.constant -2147483642 : i32
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %t32 = arith.index_cast %t : index to i32
    %lb = arith.addi %base, %t32 : i32
    %n = scf.for unsigned %i = %lb to %ub step %step iter_args(%a = %z) -> (i32) : i32 {
      %a1 = arith.addi %a, %one : i32
      scf.yield %a1 : i32
    }
    memref.store %n, %out[%t] : memref<2xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
