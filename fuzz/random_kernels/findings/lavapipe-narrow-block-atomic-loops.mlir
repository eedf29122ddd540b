// Found by fuzz/random_kernels (avoid flag: lavapipe-narrow-block-atomic-loops;
// the Vulkan oracle skips such kernels), seed 1, kernel 200 of the CI run.
// On Vulkan (Mesa 22.3's lavapipe, Debian 12), in a block 1 thread wide in x
// (LocalSize 1, 4, 1 here; also 1, 1, 4), the invocations that run a loop
// holding an atomic skip what follows the loop: below, threads 1 and 2 run
// one and two atomic_rmw minu (which take effect: cnt is [1000, 1, 2,
// 1000]) and then never store 7 to out. The SPIR-V (format=isa) is a plain
// spirv.mlir.loop followed by the store. With the block 2 or 4 wide in x,
// or a plain store in place of the atomic, or the atomic outside the loop,
// every thread stores. The host target gives the expected answer.
// Expected: [7, 7, 7, 7]; actual on Vulkan: [7, -1, -1, 7].
//
// RUN: env MGPU_DEVICE=vulkan offload-opt %s --offload-lower-to-vulkan | env MGPU_DEVICE=vulkan %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s
// CHECK: [7, 7, 7, 7]
// CHECK: [1000, 1, 2, 1000]

func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = gpu.alloc host_shared () : memref<4xi32>
  %cnt = gpu.alloc host_shared () : memref<4xi32>
  %m = arith.constant -1 : i32
  %k = arith.constant 1000 : i32
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %m, %out[%i] : memref<4xi32>
    memref.store %k, %cnt[%i] : memref<4xi32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c4, %sz = %c1) {
    %t = gpu.thread_id y
    %z = arith.constant 0 : index
    %o = arith.constant 1 : index
    %three = arith.constant 3 : index
    %n = arith.remui %t, %three : index
    %t32 = arith.index_cast %t : index to i32
    scf.for %j = %z to %n step %o {
      %r = memref.atomic_rmw minu %t32, %cnt[%t] : (i32, memref<4xi32>) -> i32
    }
    %seven = arith.constant 7 : i32
    memref.store %seven, %out[%t] : memref<4xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %u2 = memref.cast %cnt : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
  return
}
