// A TMA descriptor made on the host and used in a gpu.launch: the kernel takes
// it as a pointer, which needs nvgpu lowered before outlining.
// RUN: %parity %s --chip=sm_90 --features=+ptx80 | FileCheck %s
// RUN: %parity %s --chip=sm_90a --features=+ptx80 | FileCheck %s
// CHECK: upstream: accepted
// CHECK: ours: accepted

!descriptor = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>

func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %buffer = gpu.alloc host_shared () : memref<64x8xf32>
  %unranked = memref.cast %buffer : memref<64x8xf32> to memref<*xf32>
  %descriptor = nvgpu.tma.create.descriptor %unranked box[%c64, %c8] : memref<*xf32> -> !descriptor
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    nvgpu.tma.prefetch.descriptor %descriptor : !descriptor
    gpu.terminator
  }
  return
}
