// Each thread's slice of a block's private memory is aligned as its memref
// asks: to the alloca's `alignment`, and to its elements' ABI alignment, in
// blocks of an odd number of threads, where the slices of the arrays after
// the first start at threads * (the bytes of those before). Three arrays
// live across a barrier: 3 bytes, 2 x vector<16xf32> asking for 64 bytes,
// and 4 x vector<8xf64> (64-byte elements); each thread stores its aligned
// address modulo 64 of the last two, which must be 0 (the first one's
// slices were 16 bytes, so without alignment the second array's start at
// 3 * 16 = 48).
//
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 toolkit=%cuda_toolkit" \
// RUN:   | offload-translate --mlir-to-llvmir -o /dev/null

func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %out = gpu.alloc host_shared () : memref<3x3xi64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c3, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c1_ = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %byte = arith.constant 7 : i8
    %bytes = memref.alloca() : memref<3xi8>
    %vectors = memref.alloca() {alignment = 64} : memref<2xvector<16xf32>>
    %wide = memref.alloca() : memref<4xvector<8xf64>>
    memref.store %byte, %bytes[%c2] : memref<3xi8>
    gpu.barrier
    %b = memref.load %bytes[%c2] : memref<3xi8>
    %b64 = arith.extui %b : i8 to i64
    %p1 = memref.extract_aligned_pointer_as_index %vectors : memref<2xvector<16xf32>> -> index
    %p2 = memref.extract_aligned_pointer_as_index %wide : memref<4xvector<8xf64>> -> index
    %m1 = arith.remui %p1, %c64 : index
    %m2 = arith.remui %p2, %c64 : index
    %r1 = arith.index_cast %m1 : index to i64
    %r2 = arith.index_cast %m2 : index to i64
    memref.store %b64, %out[%c0, %tx] : memref<3x3xi64>
    memref.store %r1, %out[%c1_, %tx] : memref<3x3xi64>
    memref.store %r2, %out[%c2, %tx] : memref<3x3xi64>
    gpu.terminator
  }
  %u = memref.cast %out : memref<3x3xi64> to memref<*xi64>
  // CHECK: {{\[}}[7, 7, 7],
  // CHECK-NEXT: [0, 0, 0],
  // CHECK-NEXT: [0, 0, 0]]
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  gpu.dealloc %out : memref<3x3xi64>
  return
}
