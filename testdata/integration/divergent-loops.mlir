// scf.for whose bounds differ from lane to lane, with a subgroup operation
// in its body: each lane runs its own iterations, in step with the others as
// on a GPU, so that the k-th time round the lanes with a k-th iteration are
// the active ones. Lane l of warp w runs from l / 4 to l / 2 + w. The
// expected values were computed apart from the kernel (a Python model of
// the lanes): per lane, its trip count; the sum over its iterations of how
// many lanes were active; and the sum over its iterations of the active
// lanes' induction variables.
//
// UNSUPPORTED-TARGET: vulkan: its expected values are those of 32-lane subgroups, and lavapipe's have 8 lanes
// Not on Vulkan: the expected values are those of 32-lane subgroups, and a
// Vulkan device's subgroups may be of 4 to 128 lanes (lavapipe's are 8).

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %out = gpu.alloc host_shared () : memref<3x64xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c1_ = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %lane = arith.remui %tx, %c32 : index
    %warp = arith.divui %tx, %c32 : index
    %lb = arith.divui %lane, %c4 : index
    %half = arith.divui %lane, %c2 : index
    %ub = arith.addi %half, %warp : index
    %r:3 = scf.for %i = %lb to %ub step %c1_
        iter_args(%trips = %zero, %active = %zero, %ivs = %zero) -> (i32, i32, i32) {
      %n = gpu.subgroup_reduce add %one : (i32) -> i32
      %i32 = arith.index_cast %i : index to i32
      %s = gpu.subgroup_reduce add %i32 : (i32) -> i32
      %t1 = arith.addi %trips, %one : i32
      %a = arith.addi %active, %n : i32
      %v = arith.addi %ivs, %s : i32
      scf.yield %t1, %a, %v : i32, i32, i32
    }
    memref.store %r#0, %out[%c0, %tx] : memref<3x64xi32>
    memref.store %r#1, %out[%c1_, %tx] : memref<3x64xi32>
    memref.store %r#2, %out[%c2, %tx] : memref<3x64xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<3x64xi32> to memref<*xi32>
  // CHECK: {{\[}}[0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 9, 9],
  // CHECK-NEXT: [0, 0, 30, 30, 30, 30, 56, 56, 56, 56, 78, 78, 78, 78, 96, 96, 96, 96, 110, 110, 110, 110, 120, 120, 120, 120, 126, 126, 126, 126, 128, 128, 32, 32, 62, 62, 62, 62, 88, 88, 88, 88, 110, 110, 110, 110, 128, 128, 128, 128, 142, 142, 142, 142, 152, 152, 152, 152, 158, 158, 158, 158, 160, 160],
  // CHECK-NEXT: [0, 0, 112, 112, 112, 112, 248, 248, 248, 248, 396, 396, 396, 396, 544, 544, 544, 544, 680, 680, 680, 680, 792, 792, 792, 792, 868, 868, 868, 868, 896, 896, 112, 112, 254, 254, 254, 254, 416, 416, 416, 416, 586, 586, 586, 586, 752, 752, 752, 752, 902, 902, 902, 902, 1024, 1024, 1024, 1024, 1106, 1106, 1106, 1106, 1136, 1136]]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  gpu.dealloc %out : memref<3x64xi32>

  // Lane l from INT64_MAX - 10 - l to INT64_MAX by 4: ceil((10 + l) / 4)
  // iterations, none wrapped past INT64_MAX (transforms/CountedLoops.h);
  // per lane, its trip count and the sum over its iterations of how many
  // lanes were active.
  %c32 = arith.constant 32 : index
  %edges = gpu.alloc host_shared () : memref<2x32xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c1_ = arith.constant 1 : index
    %c4 = arith.constant 4 : i64
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %max = arith.constant 9223372036854775807 : i64
    %ten = arith.constant 10 : i64
    %l = arith.index_cast %tx : index to i64
    %top = arith.subi %max, %ten : i64
    %lb = arith.subi %top, %l : i64
    %r:2 = scf.for %i = %lb to %max step %c4
        iter_args(%trips = %zero, %active = %zero) -> (i32, i32) : i64 {
      %n = gpu.subgroup_reduce add %one : (i32) -> i32
      %t1 = arith.addi %trips, %one : i32
      %a = arith.addi %active, %n : i32
      scf.yield %t1, %a : i32, i32
    }
    memref.store %r#0, %edges[%c0, %tx] : memref<2x32xi32>
    memref.store %r#1, %edges[%c1_, %tx] : memref<2x32xi32>
    gpu.terminator
  }
  %e = memref.cast %edges : memref<2x32xi32> to memref<*xi32>
  // CHECK: {{\[}}[3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 10, 11],
  // CHECK-NEXT: [96, 96, 96, 125, 125, 125, 125, 150, 150, 150, 150, 171, 171, 171, 171, 188, 188, 188, 188, 201, 201, 201, 201, 210, 210, 210, 210, 215, 215, 215, 215, 216]]
  call @printMemrefI32(%e) : (memref<*xi32>) -> ()
  gpu.dealloc %edges : memref<2x32xi32>
  return
}
