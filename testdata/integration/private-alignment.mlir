// Each thread's slice of a block's private memory is laid out as its memref
// needs, in a block of an odd number of threads, where the slices of the
// arrays after the first start at threads * (the bytes of those before).
// Four arrays live across a barrier: 3 bytes; 64 bytes asking for 64-byte
// alignment; 4 x vector<8xf64> (64-byte elements); 8 x i48, whose elements
// lie 8 bytes apart (not 6). Rows: a byte read back; each thread's aligned
// address modulo 64 of the second and third arrays, which must be 0
// (without alignment, the second array's slices start at 3 * 16 = 48); the
// sum of the i48 array that thread t filled with t, 8t (with 6-byte
// elements, the threads' slices overlapped).
//
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no i48 for its alloca; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: 'memref.alloca' has no meaning for #offload.vulkan: its 'i48' has no SPIR-V type

func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %out = gpu.alloc host_shared () : memref<4x3xi64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c3, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c1_ = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3_ = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %byte = arith.constant 7 : i8
    %zero48 = arith.constant 0 : i48
    %bytes = memref.alloca() : memref<3xi8>
    %aligned = memref.alloca() {alignment = 64} : memref<64xi8>
    %wide = memref.alloca() : memref<4xvector<8xf64>>
    %odd = memref.alloca() : memref<8xi48>
    memref.store %byte, %bytes[%c2] : memref<3xi8>
    %t64 = arith.index_cast %tx : index to i64
    %t48 = arith.trunci %t64 : i64 to i48
    scf.for %j = %c0 to %c8 step %c1_ {
      memref.store %t48, %odd[%j] : memref<8xi48>
    }
    gpu.barrier
    %b = memref.load %bytes[%c2] : memref<3xi8>
    %b64 = arith.extui %b : i8 to i64
    %p1 = memref.extract_aligned_pointer_as_index %aligned : memref<64xi8> -> index
    %p2 = memref.extract_aligned_pointer_as_index %wide : memref<4xvector<8xf64>> -> index
    %m1 = arith.remui %p1, %c64 : index
    %m2 = arith.remui %p2, %c64 : index
    %r1 = arith.index_cast %m1 : index to i64
    %r2 = arith.index_cast %m2 : index to i64
    %sum = scf.for %j = %c0 to %c8 step %c1_ iter_args(%acc = %zero48) -> i48 {
      %w = memref.load %odd[%j] : memref<8xi48>
      %n = arith.addi %acc, %w : i48
      scf.yield %n : i48
    }
    %sum64 = arith.extui %sum : i48 to i64
    memref.store %b64, %out[%c0, %tx] : memref<4x3xi64>
    memref.store %r1, %out[%c1_, %tx] : memref<4x3xi64>
    memref.store %r2, %out[%c2, %tx] : memref<4x3xi64>
    memref.store %sum64, %out[%c3_, %tx] : memref<4x3xi64>
    gpu.terminator
  }
  %u = memref.cast %out : memref<4x3xi64> to memref<*xi64>
  // CHECK: {{\[}}[7, 7, 7],
  // CHECK-NEXT: [0, 0, 0],
  // CHECK-NEXT: [0, 0, 0],
  // CHECK-NEXT: [0, 8, 16]]
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  gpu.dealloc %out : memref<4x3xi64>
  return
}
