// Found by fuzz/random_kernels (defect vulkan-zero-trip-loop-results, fixed;
// the Vulkan oracle skips kernels whose model run has such a loop).
// On the Vulkan target, an scf.for with iter_args that runs no iteration
// yields an undefined value (0 on lavapipe) instead of its init value:
// upstream's SCF-to-SPIR-V conversion keeps the loop's results in a
// spirv.Variable that only the loop body stores to, and loads it after the
// loop (offload-opt ... --offload-lower-to-vulkan="format=isa" shows it).
// Here lb = 0, ub = -5 (kernel arguments, signed): no iteration, each thread
// gets its init value, threadIdx.x.
// Right: [0, 1, 2, 3] (the host target gives it); before the fix, on Vulkan:
// [0, 0, 0, 0].
//
// RUN: env MGPU_DEVICE=vulkan offload-opt %s --offload-lower-to-vulkan | env MGPU_DEVICE=vulkan %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host="check=true" | %offload_runner | FileCheck %s
// CHECK: [0, 1, 2, 3]

func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %params = memref.alloca() : memref<2xi64>
  %lbv = arith.constant 0 : i64
  %ubv = arith.constant -5 : i64
  memref.store %lbv, %params[%c0] : memref<2xi64>
  memref.store %ubv, %params[%c1] : memref<2xi64>
  %l = memref.load %params[%c0] : memref<2xi64>
  %u = memref.load %params[%c1] : memref<2xi64>
  %lb = arith.index_cast %l : i64 to index
  %ub = arith.index_cast %u : i64 to index
  %out = gpu.alloc host_shared () : memref<4xi64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %o = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %t = gpu.thread_id x
    %t64 = arith.index_cast %t : index to i64
    %r = scf.for %i = %lb to %ub step %o iter_args(%a = %t64) -> (i64) {
      %n = arith.addi %a, %one : i64
      scf.yield %n : i64
    }
    memref.store %r, %out[%t] : memref<4xi64>
    gpu.terminator
  }
  %uu = memref.cast %out : memref<4xi64> to memref<*xi64>
  call @printMemrefI64(%uu) : (memref<*xi64>) -> ()
  return
}
