// Found by fuzz/random_kernels (defect constant-loop-span-overflow, fixed).
// Upstream MLIR 22's canonicalization erases a signed scf.for whose constant
// bounds lie more than INT64_MAX apart (ub - lb overflows), whatever its
// step: the host target (whose pipeline canonicalizes) runs it zero times.
// Here lb = INT64_MIN + 69, ub = 69, step = 2^62 (a kernel argument): two
// iterations (MIN + 69, MIN + 69 + 2^62), no wrap anywhere.
// Right: [2, 2] (each thread's count); before the fix: [0, 0].
// The same in upstream alone: `mlir-opt-22 --canonicalize` folds
//   scf.for %i = %lb to %ub step %arg iter_args(...) : i64
// with lb = -2, ub = INT64_MAX (or lb = MIN + 3, ub = 3), to its init value.
//
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host="check=true" | %offload_runner | FileCheck %s
// CHECK: [2, 2]

func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %params = memref.alloca() : memref<1xi64>
  %s = arith.constant 4611686018427387904 : i64
  memref.store %s, %params[%c0] : memref<1xi64>
  %step = memref.load %params[%c0] : memref<1xi64>
  %out = gpu.alloc host_shared () : memref<2xi64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    // MIN + 69 to 69 step 2^62: MIN + 69, MIN + 69 + 2^62; no wrap.
    %lb = arith.constant -9223372036854775739 : i64
    %ub = arith.constant 69 : i64
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %t = gpu.thread_id x
    %n = scf.for %i = %lb to %ub step %step iter_args(%a = %z) -> (i64) : i64 {
      %a1 = arith.addi %a, %one : i64
      scf.yield %a1 : i64
    }
    memref.store %n, %out[%t] : memref<2xi64>
    gpu.terminator
  }
  %u = memref.cast %out : memref<2xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}
