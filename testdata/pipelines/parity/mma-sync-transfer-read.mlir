// nvgpu.mma.sync fed by vector.transfer_read: upstream leaves a cast between
// the 2-D vectors and the LLVM arrays that mma.sync takes; ours lowers it.
// RUN: %parity %s --chip=sm_80 --features=+ptx80 | FileCheck %s
// CHECK: upstream: rejected at pipeline: {{.*}}unrealized_conversion_cast
// CHECK: ours: accepted

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %a = gpu.alloc host_shared () : memref<32x4x2xf16>
  %b = gpu.alloc host_shared () : memref<32x2x2xf16>
  %c = gpu.alloc host_shared () : memref<32x2x2xf16>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %pad = arith.constant 0.0 : f16
    %A = vector.transfer_read %a[%tx, %c0, %c0], %pad {in_bounds = [true, true]} : memref<32x4x2xf16>, vector<4x2xf16>
    %B = vector.transfer_read %b[%tx, %c0, %c0], %pad {in_bounds = [true, true]} : memref<32x2x2xf16>, vector<2x2xf16>
    %C = vector.transfer_read %c[%tx, %c0, %c0], %pad {in_bounds = [true, true]} : memref<32x2x2xf16>, vector<2x2xf16>
    %D = nvgpu.mma.sync (%A, %B, %C) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    vector.transfer_write %D, %c[%tx, %c0, %c0] {in_bounds = [true, true]} : vector<2x2xf16>, memref<32x2x2xf16>
    gpu.terminator
  }
  return
}
