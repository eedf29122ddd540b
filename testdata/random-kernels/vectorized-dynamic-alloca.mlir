// Found by fuzz/random_kernels (defect vectorized-dynamic-alloca, fixed).
// A memref.alloca of a size known at launch only stays on the worker's
// stack; when LLVM vectorizes the thread loop that makes it, one alloca
// serves a vector of threads, so threads 0 to 7 all read thread 7's value
// (at O=1 to 3). Here each thread stores its id to a[0] of its buffer
// (n = 33, a kernel argument) and reads it back in a loop that the host
// target runs across the threads (it writes out[k, x]).
// Right row 1: [0, 1, 2, 3, 4, 5, 6, 7, 8, ...]; before the fix:
// [7, 7, 7, 7, 7, 7, 7, 7, 15, ...].
//
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host="check=true" | %offload_runner | FileCheck %s
// CHECK: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %params = memref.alloca() : memref<1xi64>
  %size = arith.constant 33 : i64
  memref.store %size, %params[%c0] : memref<1xi64>
  %l = memref.load %params[%c0] : memref<1xi64>
  %n = arith.index_cast %l : i64 to index
  %out = gpu.alloc host_shared () : memref<4x16xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %z = arith.constant 0 : index
    %o = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %t = gpu.thread_id x
    %v = arith.index_cast %t : index to i32
    %a = memref.alloca(%n) : memref<?xi32>
    memref.store %v, %a[%z] : memref<?xi32>
    scf.for %k = %z to %c4 step %o {
      %x = memref.load %a[%z] : memref<?xi32>
      memref.store %x, %out[%k, %t] : memref<4x16xi32>
    }
    gpu.terminator
  }
  %row = memref.subview %out[1, 0] [1, 16] [1, 1] : memref<4x16xi32> to memref<16xi32, strided<[1], offset: 16>>
  %copy = memref.alloc() : memref<16xi32>
  memref.copy %row, %copy : memref<16xi32, strided<[1], offset: 16>> to memref<16xi32>
  %u = memref.cast %copy : memref<16xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
