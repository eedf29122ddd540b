// A TMA load into shared memory, completed through an mbarrier: one thread
// starts the copy, the block waits on the barrier's phase.
// RUN: %parity %s --chip=sm_90 --features=+ptx80 | FileCheck %s
// CHECK: upstream: accepted
// CHECK: ours: accepted

!descriptor = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!barrier = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

module {
  memref.global "private" @tile : memref<64x8xf32, 3>

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %bytes = arith.constant 2048 : index
    %timeout = arith.constant 10000000 : index
    %phase = arith.constant false
    %source = gpu.alloc host_shared () : memref<64x8xf32>
    %out = gpu.alloc host_shared () : memref<64x8xf32>
    %unranked = memref.cast %source : memref<64x8xf32> to memref<*xf32>
    %descriptor = nvgpu.tma.create.descriptor %unranked box[%c64, %c8] : memref<*xf32> -> !descriptor
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %tile = memref.get_global @tile : memref<64x8xf32, 3>
      %barrier = nvgpu.mbarrier.create -> !barrier
      %threads = gpu.block_dim x
      nvgpu.mbarrier.init %barrier[%c0], %threads : !barrier
      gpu.barrier
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        nvgpu.mbarrier.arrive.expect_tx %barrier[%c0], %bytes : !barrier
        nvgpu.tma.async.load %descriptor[%c0, %c0], %barrier[%c0] to %tile : !descriptor, !barrier -> memref<64x8xf32, 3>
      } else {
        nvgpu.mbarrier.arrive.expect_tx %barrier[%c0], %c0 : !barrier
      }
      nvgpu.mbarrier.try_wait.parity %barrier[%c0], %phase, %timeout : !barrier
      %row = arith.remui %tx, %c64 : index
      %x = memref.load %tile[%row, %c0] : memref<64x8xf32, 3>
      memref.store %x, %out[%row, %c0] : memref<64x8xf32>
      gpu.terminator
    }
    return
  }
}
