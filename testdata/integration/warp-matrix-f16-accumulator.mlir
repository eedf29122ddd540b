// An f16 accumulator of gpu.subgroup_mma_compute keeps the running sum in
// f16, rounded after each pair of k, as a GPU's matrix unit adds two
// products at a time to it: A[i][k] = i + k, B[k][j] = k + j, C = 0, 16 x
// 16 x 16. Rows 6 and 7 are what an AMD GPU prints for MLIR's ROCm WMMA
// program of the same product (its CHECK lines): row 7, column 13 is 5100
// where the exact sum, which rounding once would give, is 5096; rounding
// after each k would give 4556 for row 6, column 12, where it is 4552.
// UNSUPPORTED-TARGET: vulkan: warp matrix operations are not lowered for Vulkan (warp-matrix.mlir checks the diagnostic)

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %a = gpu.alloc host_shared () : memref<16x16xf16>
  %c = gpu.alloc host_shared () : memref<16x16xf16>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %s = arith.addi %i, %j : index
      %s32 = arith.index_cast %s : index to i32
      %v = arith.sitofp %s32 : i32 to f16
      memref.store %v, %a[%i, %j] : memref<16x16xf16>
      %zero = arith.constant 0.0 : f16
      memref.store %zero, %c[%i, %j] : memref<16x16xf16>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %B = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %C = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
    %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
    gpu.subgroup_mma_store_matrix %D, %c[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x16xf16>
    gpu.terminator
  }
  %rows = memref.alloc() : memref<2x16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    %r6 = memref.load %c[%c6, %j] : memref<16x16xf16>
    %r7 = memref.load %c[%c7, %j] : memref<16x16xf16>
    %w6 = arith.extf %r6 : f16 to f32
    %w7 = arith.extf %r7 : f16 to f32
    memref.store %w6, %rows[%c0, %j] : memref<2x16xf32>
    memref.store %w7, %rows[%c1, %j] : memref<2x16xf32>
  }
  %printed = memref.cast %rows : memref<2x16xf32> to memref<*xf32>
  // CHECK: [1960, 2176, 2392, 2608, 2824, 3040, 3256, 3472, 3688, 3904, 4120, 4336, 4552, 4768, 4984, 5200]
  // CHECK: [2080, 2312, 2544, 2776, 3008, 3240, 3472, 3704, 3936, 4168, 4400, 4632, 4864, 5100, 5328, 5556]
  call @printMemrefF32(%printed) : (memref<*xf32>) -> ()
  return
}
