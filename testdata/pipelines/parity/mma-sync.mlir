// nvgpu.mma.sync: one warp's 16x8x16 f16 product with an f16 accumulator, its
// operands built from 1-D loads.
// RUN: %parity %s --chip=sm_80 --features=+ptx80 | FileCheck %s
// CHECK: upstream: accepted
// CHECK: ours: accepted

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %a = gpu.alloc host_shared () : memref<32x8xf16>
  %c = gpu.alloc host_shared () : memref<32x4xf16>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %a0 = vector.load %a[%tx, %c0] : memref<32x8xf16>, vector<2xf16>
    %a1 = vector.load %a[%tx, %c2] : memref<32x8xf16>, vector<2xf16>
    %a2 = vector.load %a[%tx, %c4] : memref<32x8xf16>, vector<2xf16>
    %a3 = vector.load %a[%tx, %c6] : memref<32x8xf16>, vector<2xf16>
    %c0v = vector.load %c[%tx, %c0] : memref<32x4xf16>, vector<2xf16>
    %c1v = vector.load %c[%tx, %c2] : memref<32x4xf16>, vector<2xf16>
    %zA = arith.constant dense<0.0> : vector<4x2xf16>
    %zB = arith.constant dense<0.0> : vector<2x2xf16>
    %A0 = vector.insert %a0, %zA[0] : vector<2xf16> into vector<4x2xf16>
    %A1 = vector.insert %a1, %A0[1] : vector<2xf16> into vector<4x2xf16>
    %A2 = vector.insert %a2, %A1[2] : vector<2xf16> into vector<4x2xf16>
    %A = vector.insert %a3, %A2[3] : vector<2xf16> into vector<4x2xf16>
    %B0 = vector.insert %a0, %zB[0] : vector<2xf16> into vector<2x2xf16>
    %B = vector.insert %a1, %B0[1] : vector<2xf16> into vector<2x2xf16>
    %C0 = vector.insert %c0v, %zB[0] : vector<2xf16> into vector<2x2xf16>
    %C = vector.insert %c1v, %C0[1] : vector<2xf16> into vector<2x2xf16>
    %D = nvgpu.mma.sync (%A, %B, %C) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    %d0 = vector.extract %D[0] : vector<2xf16> from vector<2x2xf16>
    %d1 = vector.extract %D[1] : vector<2xf16> from vector<2x2xf16>
    vector.store %d0, %c[%tx, %c0] : memref<32x4xf16>, vector<2xf16>
    vector.store %d1, %c[%tx, %c2] : memref<32x4xf16>, vector<2xf16>
    gpu.terminator
  }
  return
}
