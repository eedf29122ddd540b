// Subgroups of a 3-D block of 8x4x2 threads: 32 lanes each, numbered x
// fastest. Per thread: subgroup id, number of subgroups, subgroup size, lane
// id; gpu.rotate by 3 among 16 lanes; gpu.subgroup_broadcast from lane 5 and
// from the first active lane of a branch that lanes 10 and up take.
//
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no gpu.rotate; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: 'gpu.rotate' has no meaning for #offload.vulkan

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %out = gpu.alloc host_shared () : memref<7x64xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c4, %sz = %c2) {
    %zy = arith.muli %tz, %c4 : index
    %zy2 = arith.addi %zy, %ty : index
    %zyx = arith.muli %zy2, %c8 : index
    %linear = arith.addi %zyx, %tx : index
    %t = arith.index_cast %linear : index to i32
    %none = arith.constant -1 : i32

    %sid = gpu.subgroup_id : index
    %count = gpu.num_subgroups : index
    %size = gpu.subgroup_size : index
    %lane = gpu.lane_id
    %lane_i32 = arith.index_cast %lane : index to i32

    %rotated, %valid = gpu.rotate %t, 3, 16 : i32
    %kept = arith.select %valid, %rotated, %none : i32

    %c5 = arith.constant 5 : i32
    %from5 = gpu.subgroup_broadcast %t, specific_lane %c5 : i32

    %c10 = arith.constant 10 : i32
    %late = arith.cmpi sge, %lane_i32, %c10 : i32
    %first = scf.if %late -> i32 {
      %b = gpu.subgroup_broadcast %t, first_active_lane : i32
      scf.yield %b : i32
    } else {
      scf.yield %none : i32
    }

    %r0 = arith.constant 0 : index
    %r1 = arith.constant 1 : index
    %r2 = arith.constant 2 : index
    %r3 = arith.constant 3 : index
    %r4 = arith.constant 4 : index
    %r5 = arith.constant 5 : index
    %r6 = arith.constant 6 : index
    %sid_i32 = arith.index_cast %sid : index to i32
    %count_i32 = arith.index_cast %count : index to i32
    %size_i32 = arith.index_cast %size : index to i32
    memref.store %sid_i32, %out[%r0, %linear] : memref<7x64xi32>
    memref.store %count_i32, %out[%r1, %linear] : memref<7x64xi32>
    memref.store %size_i32, %out[%r2, %linear] : memref<7x64xi32>
    memref.store %lane_i32, %out[%r3, %linear] : memref<7x64xi32>
    memref.store %kept, %out[%r4, %linear] : memref<7x64xi32>
    memref.store %from5, %out[%r5, %linear] : memref<7x64xi32>
    memref.store %first, %out[%r6, %linear] : memref<7x64xi32>
    gpu.terminator
  }
  %unranked = memref.cast %out : memref<7x64xi32> to memref<*xi32>
  // subgroup id; subgroups; subgroup size; lane id; rotate by 3 among 16 (-1: not valid); broadcast from lane 5; broadcast from the first active lane
  // CHECK: {{\[}}[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
  // CHECK-NEXT: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
  // CHECK-NEXT: [32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32]
  // CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
  // CHECK-NEXT: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 32, 33, 34, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
  // CHECK-NEXT: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37]
  // CHECK-NEXT: [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42]
  call @printMemrefI32(%unranked) : (memref<*xi32>) -> ()
  gpu.dealloc %out : memref<7x64xi32>
  return
}
