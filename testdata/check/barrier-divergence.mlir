// The host target's kernel checks (docs/checking.md): a gpu.barrier that
// not every thread of the block reaches, or that threads reach at different
// barriers, is one finding, at the value that decides it (the condition of
// an scf.if, a bound of an scf.for, ... that holds the barrier), named by
// the first thread that differs from the block's first. The clean kernel,
// whose condition is the same in the whole block, finds nothing.
//
// RUN: offload-opt %s --offload-lower-to-host="check=true" > %t.mlir
// RUN: env MGPU_HOST_CHECK=report %offload_runner %t.mlir > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR --implicit-check-not=offload-check < %t.err

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %out = gpu.alloc host_shared () : memref<2xi32>
  %cast = memref.cast %out : memref<2xi32> to memref<*xi32>

  // Clean: the condition depends on the block only.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %first = arith.cmpi eq, %bx, %c0 : index
    scf.if %first {
      gpu.barrier
    }
    %id = arith.index_cast %bx : index to i32
    memref.store %id, %out[%bx] : memref<2xi32>
    gpu.terminator
  }
  // Half the warp reaches the barrier.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c16 = arith.constant 16 : index
    %low = arith.cmpi ult, %tx, %c16 : index
    // ERR: offload-check: barrier divergence, thread (16, 0, 0): {{.*}}barrier-divergence.mlir:[[@LINE+1]]:5: the condition of the scf.if that holds a gpu.barrier is 0 here and 1 in thread (0, 0, 0): the threads of a block do not all reach the same gpu.barrier (the block ran as its first thread decided) (kernel 'main_kernel', block (0, 0, 0))
    scf.if %low {
      gpu.barrier
    }
    gpu.terminator
  }
  // Threads reach different barriers.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %even = arith.cmpi eq, %tx, %c0 : index
    // ERR: offload-check: barrier divergence, thread (1, 0, 0): {{.*}}barrier-divergence.mlir:[[@LINE+1]]:5: the condition of the scf.if that holds a gpu.barrier is 0 here and 1 in thread (0, 0, 0)
    scf.if %even {
      gpu.barrier
    } else {
      gpu.barrier
    }
    gpu.terminator
  }
  // A loop whose trip count is the thread's: its barrier is reached as
  // many times as the thread's id.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    // ERR: offload-check: barrier divergence, thread (1, 0, 0): {{.*}}barrier-divergence.mlir:[[@LINE+1]]:5: the upper bound of the scf.for that holds a gpu.barrier is 1 here and 0 in thread (0, 0, 0)
    scf.for %i = %c0 to %tx step %c1 {
      gpu.barrier
    }
    gpu.terminator
  }
  // OUT: [0,  1]
  call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
  return
}
