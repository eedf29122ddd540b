// gpu.shuffle in its four modes, with a validity result used and unused.
// RUN: %parity %s --chip=sm_80 --features=+ptx80 | FileCheck %s
// CHECK: upstream: accepted
// CHECK: ours: accepted

func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %out = gpu.alloc host_shared () : memref<4x32xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %v = arith.sitofp %i : i32 to f32
    %width = arith.constant 32 : i32
    %offset = arith.constant 1 : i32
    %xor, %xorValid = gpu.shuffle xor %v, %offset, %width : f32
    %up, %upValid = gpu.shuffle up %v, %offset, %width : f32
    %down, %downValid = gpu.shuffle down %v, %offset, %width : f32
    %idx, %idxValid = gpu.shuffle idx %v, %offset, %width : f32
    %zero = arith.constant 0.0 : f32
    %upOrZero = arith.select %upValid, %up, %zero : f32
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    memref.store %xor, %out[%c0, %tx] : memref<4x32xf32>
    memref.store %upOrZero, %out[%c1, %tx] : memref<4x32xf32>
    memref.store %down, %out[%c2, %tx] : memref<4x32xf32>
    memref.store %idx, %out[%c3, %tx] : memref<4x32xf32>
    gpu.terminator
  }
  return
}
