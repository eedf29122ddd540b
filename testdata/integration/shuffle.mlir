// gpu.shuffle in its four modes over two subgroups of 32 lanes: each lane
// shuffles its thread id and keeps what it gets where the op says the result
// is defined (below the width, from a lane below the width), -1 elsewhere.
// Widths 16 and 32; i32 and i64 (which the GPU shuffles as two halves).
//
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no gpu.shuffle of this kind; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: 'gpu.shuffle' has no meaning for #offload.vulkan

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %out = gpu.alloc host_shared () : memref<6x64xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %lane = gpu.lane_id
    %lane_i32 = arith.index_cast %lane : index to i32
    %none = arith.constant -1 : i32
    %c3 = arith.constant 3 : i32
    %c5 = arith.constant 5 : i32
    %c7 = arith.constant 7 : i32
    %c16 = arith.constant 16 : i32
    %c17 = arith.constant 17 : i32
    %c31 = arith.constant 31 : i32
    %c32 = arith.constant 32 : i32
    %c33 = arith.constant 33 : i64
    %below16 = arith.cmpi slt, %lane_i32, %c16 : i32
    // Only the first `width` lanes may take part in a shuffle of that width.
    %k0, %k1, %k2, %k3 = scf.if %below16 -> (i32, i32, i32, i32) {
      %r0, %v0 = gpu.shuffle xor %t, %c5, %c16 : i32
      %r1, %v1 = gpu.shuffle down %t, %c3, %c16 : i32
      %r2, %v2 = gpu.shuffle up %t, %c3, %c16 : i32
      %r3, %v3 = gpu.shuffle idx %t, %c7, %c16 : i32
      %s0 = arith.select %v0, %r0, %none : i32
      %s1 = arith.select %v1, %r1, %none : i32
      %s2 = arith.select %v2, %r2, %none : i32
      %s3 = arith.select %v3, %r3, %none : i32
      scf.yield %s0, %s1, %s2, %s3 : i32, i32, i32, i32
    } else {
      scf.yield %none, %none, %none, %none : i32, i32, i32, i32
    }
    %row0 = arith.constant 0 : index
    %row1 = arith.constant 1 : index
    %row2 = arith.constant 2 : index
    %row3 = arith.constant 3 : index
    memref.store %k0, %out[%row0, %tx] : memref<6x64xi32>
    memref.store %k1, %out[%row1, %tx] : memref<6x64xi32>
    memref.store %k2, %out[%row2, %tx] : memref<6x64xi32>
    memref.store %k3, %out[%row3, %tx] : memref<6x64xi32>
    %r4, %v4 = gpu.shuffle xor %t, %c17, %c32 : i32
    %k4 = arith.select %v4, %r4, %none : i32
    %row4 = arith.constant 4 : index
    memref.store %k4, %out[%row4, %tx] : memref<6x64xi32>
    // An i64 whose halves differ: both must come from lane 31.
    %t64 = arith.extsi %t : i32 to i64
    %high = arith.shli %t64, %c33 : i64
    %wide = arith.ori %high, %t64 : i64
    %r5, %v5 = gpu.shuffle idx %wide, %c31, %c32 : i64
    %r5_high = arith.shrui %r5, %c33 : i64
    %r5_low = arith.trunci %r5 : i64 to i32
    %r5_high32 = arith.trunci %r5_high : i64 to i32
    %same = arith.cmpi eq, %r5_low, %r5_high32 : i32
    %ok5 = arith.andi %v5, %same : i1
    %k5 = arith.select %ok5, %r5_low, %none : i32
    %row5 = arith.constant 5 : index
    memref.store %k5, %out[%row5, %tx] : memref<6x64xi32>
    gpu.terminator
  }
  %unranked = memref.cast %out : memref<6x64xi32> to memref<*xi32>
  // xor 5, width 16
  // CHECK: {{\[}}[5, 4, 7, 6, 1, 0, 3, 2, 13, 12, 15, 14, 9, 8, 11, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 37, 36, 39, 38, 33, 32, 35, 34, 45, 44, 47, 46, 41, 40, 43, 42, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
  // down 3, width 16
  // CHECK-NEXT:  [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
  // up 3, width 16
  // CHECK-NEXT:  [-1, -1, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
  // idx 7, width 16
  // CHECK-NEXT:  [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 39, 39, 39, 39, 39, 39, 39, 39, 39, 39, 39, 39, 39, 39, 39, 39, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
  // xor 17, width 32
  // CHECK-NEXT:  [17, 16, 19, 18, 21, 20, 23, 22, 25, 24, 27, 26, 29, 28, 31, 30, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 49, 48, 51, 50, 53, 52, 55, 54, 57, 56, 59, 58, 61, 60, 63, 62, 33, 32, 35, 34, 37, 36, 39, 38, 41, 40, 43, 42, 45, 44, 47, 46]
  // idx 31, width 32 (i64)
  // CHECK-NEXT:  [31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63]
  call @printMemrefI32(%unranked) : (memref<*xi32>) -> ()
  gpu.dealloc %out : memref<6x64xi32>
  return
}
