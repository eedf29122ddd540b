// Found by fuzz/random_kernels (defect wrapping-grid-stride, fixed).
// The host target runs `for (i = base + threadIdx.x; i < n; i += stride)`
// across the threads, k up to thread 0's count of iterations. Where
// base + threadIdx.x wraps, thread 0 is not the one with the most: here
// base = INT64_MAX - 2 (a kernel argument), n = INT64_MIN + 6, stride 4, 4
// threads: threads 0 to 2 start past n (no iteration); thread 3 starts at
// base + 3 = INT64_MIN and runs i = MIN and MIN + 4; each iteration writes
// x + 1 to hits[i - MIN].
// Right: [4, 0, 0, 0, 4, 0, 0, 0]; before the fix: [0, 0, 0, 0, 0, 0, 0, 0]
// (thread 0 has no iteration, so none runs).
//
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host="check=true" | %offload_runner | FileCheck %s
// CHECK: [4, 0, 0, 0, 4, 0, 0, 0]

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %params = memref.alloca() : memref<1xi64>
  %b = arith.constant 9223372036854775805 : i64
  memref.store %b, %params[%c0] : memref<1xi64>
  %bl = memref.load %params[%c0] : memref<1xi64>
  %base = arith.index_cast %bl : i64 to index
  %hits = gpu.alloc host_shared () : memref<8xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %hits, %zero : memref<8xi32>, i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %n = arith.constant -9223372036854775802 : index
    %min = arith.constant -9223372036854775808 : index
    %stride = arith.constant 4 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %lb = arith.addi %base, %t : index
    %t32 = arith.index_cast %t : index to i32
    %v = arith.addi %t32, %one : i32
    scf.for %i = %lb to %n step %stride {
      %slot = arith.subi %i, %min : index
      memref.store %v, %hits[%slot] : memref<8xi32>
    }
    gpu.terminator
  }
  %u = memref.cast %hits : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
