// The sm_90a path: TMA loads of both operands, warpgroup descriptors made from
// them, one warpgroup matrix multiply-accumulate, its result stored.
// RUN: %parity %s --chip=sm_90a --features=+ptx80 | FileCheck %s
// CHECK: upstream: accepted
// CHECK: ours: accepted

!lhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!rhsMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!barrier = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!accumulator = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>

module {
  memref.global "private" @lhsTile : memref<64x64xf16, 3>
  memref.global "private" @rhsTile : memref<64x64xf16, 3>
  memref.global "private" @result : memref<64x64xf32, 3>

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %bytes = arith.constant 16384 : index
    %timeout = arith.constant 10000000 : index
    %phase = arith.constant false
    %lhs = gpu.alloc host_shared () : memref<64x64xf16>
    %rhs = gpu.alloc host_shared () : memref<64x64xf16>
    %lhsUnranked = memref.cast %lhs : memref<64x64xf16> to memref<*xf16>
    %rhsUnranked = memref.cast %rhs : memref<64x64xf16> to memref<*xf16>
    %lhsMap = nvgpu.tma.create.descriptor %lhsUnranked box[%c64, %c64] : memref<*xf16> -> !lhsMap
    %rhsMap = nvgpu.tma.create.descriptor %rhsUnranked box[%c64, %c64] : memref<*xf16> -> !rhsMap
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %lhsTile = memref.get_global @lhsTile : memref<64x64xf16, 3>
      %rhsTile = memref.get_global @rhsTile : memref<64x64xf16, 3>
      %result = memref.get_global @result : memref<64x64xf32, 3>
      %barrier = nvgpu.mbarrier.create -> !barrier
      nvgpu.mbarrier.init %barrier[%c0], %c1 : !barrier
      gpu.barrier
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        nvgpu.tma.async.load %lhsMap[%c0, %c0], %barrier[%c0] to %lhsTile : !lhsMap, !barrier -> memref<64x64xf16, 3>
        nvgpu.tma.async.load %rhsMap[%c0, %c0], %barrier[%c0] to %rhsTile : !rhsMap, !barrier -> memref<64x64xf16, 3>
        nvgpu.mbarrier.arrive.expect_tx %barrier[%c0], %bytes : !barrier
      }
      nvgpu.mbarrier.try_wait.parity %barrier[%c0], %phase, %timeout : !barrier
      %lhsDescriptor = nvgpu.warpgroup.generate.descriptor %lhsTile, %lhsMap : memref<64x64xf16, 3>, !lhsMap -> !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
      %rhsDescriptor = nvgpu.warpgroup.generate.descriptor %rhsTile, %rhsMap : memref<64x64xf16, 3>, !rhsMap -> !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
      %zero = nvgpu.warpgroup.mma.init.accumulator -> !accumulator
      %product = nvgpu.warpgroup.mma %lhsDescriptor, %rhsDescriptor, %zero {transposeB} : <tensor = memref<64x64xf16, 3>>, <tensor = memref<64x64xf16, 3>>, !accumulator -> !accumulator
      nvgpu.warpgroup.mma.store %product, %result : !accumulator to memref<64x64xf32, 3>
      gpu.terminator
    }
    return
  }
}
