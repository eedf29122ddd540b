// gpu.subgroup_reduce over the 32 lanes of each subgroup of a 64-thread
// block: whole subgroups, clusters of 4 lanes, clusters of 4 lanes 8 apart,
// integers of 32 and 64 bits, floats and a vector.
//
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no clustered subgroup reduction; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: 'gpu.subgroup_reduce' has no meaning for #offload.vulkan: clustered reductions

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %ints = gpu.alloc host_shared () : memref<5x64xi32>
  %floats = gpu.alloc host_shared () : memref<3x64xf32>
  %wide = gpu.alloc host_shared () : memref<64xi64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %sum = gpu.subgroup_reduce add %t uniform : (i32) -> i32
    %max = gpu.subgroup_reduce maxsi %t : (i32) -> i32
    %xor = gpu.subgroup_reduce xor %t : (i32) -> i32
    %quad = gpu.subgroup_reduce add %t cluster(size = 4) : (i32) -> i32
    %strided = gpu.subgroup_reduce add %t cluster(size = 4, stride = 8) : (i32) -> i32
    %r0 = arith.constant 0 : index
    %r1 = arith.constant 1 : index
    %r2 = arith.constant 2 : index
    %r3 = arith.constant 3 : index
    %r4 = arith.constant 4 : index
    memref.store %sum, %ints[%r0, %tx] : memref<5x64xi32>
    memref.store %max, %ints[%r1, %tx] : memref<5x64xi32>
    memref.store %xor, %ints[%r2, %tx] : memref<5x64xi32>
    memref.store %quad, %ints[%r3, %tx] : memref<5x64xi32>
    memref.store %strided, %ints[%r4, %tx] : memref<5x64xi32>

    %half = arith.constant 0.5 : f32
    %tf = arith.sitofp %t : i32 to f32
    %f = arith.mulf %tf, %half : f32
    %fmin = gpu.subgroup_reduce minimumf %f : (f32) -> f32
    %pair = vector.broadcast %f : f32 to vector<2xf32>
    %one = arith.constant dense<[0.0, 1.0]> : vector<2xf32>
    %shifted = arith.addf %pair, %one : vector<2xf32>
    %vsum = gpu.subgroup_reduce add %shifted cluster(size = 2) : (vector<2xf32>) -> vector<2xf32>
    %v0 = vector.extract %vsum[0] : f32 from vector<2xf32>
    %v1 = vector.extract %vsum[1] : f32 from vector<2xf32>
    memref.store %fmin, %floats[%r0, %tx] : memref<3x64xf32>
    memref.store %v0, %floats[%r1, %tx] : memref<3x64xf32>
    memref.store %v1, %floats[%r2, %tx] : memref<3x64xf32>

    // Both halves of an i64 take part: (t << 33) | t.
    %t64 = arith.extsi %t : i32 to i64
    %c33 = arith.constant 33 : i64
    %high = arith.shli %t64, %c33 : i64
    %both = arith.ori %high, %t64 : i64
    %wsum = gpu.subgroup_reduce add %both : (i64) -> i64
    memref.store %wsum, %wide[%tx] : memref<64xi64>
    gpu.terminator
  }
  %ints_u = memref.cast %ints : memref<5x64xi32> to memref<*xi32>
  %floats_u = memref.cast %floats : memref<3x64xf32> to memref<*xf32>
  // add, maxsi, xor; add in clusters of 4; add in clusters of 4 strided by 8
  // CHECK: {{\[}}[496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520, 1520]
  // CHECK-NEXT: [31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63]
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
  // CHECK-NEXT: [6, 6, 6, 6, 22, 22, 22, 22, 38, 38, 38, 38, 54, 54, 54, 54, 70, 70, 70, 70, 86, 86, 86, 86, 102, 102, 102, 102, 118, 118, 118, 118, 134, 134, 134, 134, 150, 150, 150, 150, 166, 166, 166, 166, 182, 182, 182, 182, 198, 198, 198, 198, 214, 214, 214, 214, 230, 230, 230, 230, 246, 246, 246, 246]
  // CHECK-NEXT: [48, 52, 56, 60, 64, 68, 72, 76, 48, 52, 56, 60, 64, 68, 72, 76, 48, 52, 56, 60, 64, 68, 72, 76, 48, 52, 56, 60, 64, 68, 72, 76, 176, 180, 184, 188, 192, 196, 200, 204, 176, 180, 184, 188, 192, 196, 200, 204, 176, 180, 184, 188, 192, 196, 200, 204, 176, 180, 184, 188, 192, 196, 200, 204]
  call @printMemrefI32(%ints_u) : (memref<*xi32>) -> ()
  // minimumf; each element of a vector, in clusters of 2
  // CHECK: {{\[}}[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16]
  // CHECK-NEXT: [0.5, 0.5, 2.5, 2.5, 4.5, 4.5, 6.5, 6.5, 8.5, 8.5, 10.5, 10.5, 12.5, 12.5, 14.5, 14.5, 16.5, 16.5, 18.5, 18.5, 20.5, 20.5, 22.5, 22.5, 24.5, 24.5, 26.5, 26.5, 28.5, 28.5, 30.5, 30.5, 32.5, 32.5, 34.5, 34.5, 36.5, 36.5, 38.5, 38.5, 40.5, 40.5, 42.5, 42.5, 44.5, 44.5, 46.5, 46.5, 48.5, 48.5, 50.5, 50.5, 52.5, 52.5, 54.5, 54.5, 56.5, 56.5, 58.5, 58.5, 60.5, 60.5, 62.5, 62.5]
  // CHECK-NEXT: [2.5, 2.5, 4.5, 4.5, 6.5, 6.5, 8.5, 8.5, 10.5, 10.5, 12.5, 12.5, 14.5, 14.5, 16.5, 16.5, 18.5, 18.5, 20.5, 20.5, 22.5, 22.5, 24.5, 24.5, 26.5, 26.5, 28.5, 28.5, 30.5, 30.5, 32.5, 32.5, 34.5, 34.5, 36.5, 36.5, 38.5, 38.5, 40.5, 40.5, 42.5, 42.5, 44.5, 44.5, 46.5, 46.5, 48.5, 48.5, 50.5, 50.5, 52.5, 52.5, 54.5, 54.5, 56.5, 56.5, 58.5, 58.5, 60.5, 60.5, 62.5, 62.5, 64.5, 64.5]
  call @printMemrefF32(%floats_u) : (memref<*xf32>) -> ()
  %wide_u = memref.cast %wide : memref<64xi64> to memref<*xi64>
  // add of i64
  // CHECK: [4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 4260607558128, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360, 13056700581360]
  call @printMemrefI64(%wide_u) : (memref<*xi64>) -> ()
  gpu.dealloc %wide : memref<64xi64>
  gpu.dealloc %ints : memref<5x64xi32>
  gpu.dealloc %floats : memref<3x64xf32>
  return
}
