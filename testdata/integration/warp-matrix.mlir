// Warp matrix operations (gpu.subgroup_mma_*), 16x16x16 with f16 operands
// and 16x16x8 with f32 ones, in a block of two warps. With
//   A[i][k] = (i + 2k) mod 5 - 2   (32 x 16, f16)
//   B[k][j] = (3k + j) mod 7 - 3   (16 x 16, f16)
//   C[i][j] = i - j                (32 x 16, f32 and f16)
//   P[i][k] = (2i + k) mod 5 - 2,  Q[k][j] = (k + 2j) mod 3 - 1  (16 x 8, 8 x 16, f32)
// every value is a small integer (or one plus 0.5), exact in f16 and tf32,
// and so is every partial sum: the results are exact whatever order the
// sums are taken in.
//
// - Each warp w: D = A[16w..] x B + C[16w..], A read from columns 8 to 23
//   of a 32-wide buffer (leadDimension 32, more than the tile's width):
//   %out32 rows 16w to 16w + 15.
// - Each warp: the lanes write B into the warp's tile of workgroup memory, 8
//   elements each, and load it at once, with no barrier: each lane's load
//   sees every lane's stores, and none sees the zeros that the lanes write
//   there after the load, as on a GPU, whose warp runs the load together;
//   the result is stored in workgroup memory, then lane 0 overwrites element
//   [0][0] with -1000, which no lane's store may undo; after a barrier, the
//   lanes copy the tile to %visible.
// - Warp 0 alone (a branch that warp 1 does not take): A x B + C with an f16
//   accumulator, stored with leadDimension 24 into %out16, whose columns 16
//   to 23 keep their 77; A x B + 0.5 with B loaded transposed from its
//   transpose (%bt); max(D, 0) + C (elementwise maxf, then addf), stored
//   transposed; P x Q + C.
//
// The expected values were worked out from these definitions in Python.
//
// UNSUPPORTED-TARGET: vulkan: warp matrix operations are not lowered for Vulkan; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: 'gpu.subgroup_mma_load_matrix' has no meaning for #offload.vulkan: warp matrix operations are not lowered for Vulkan

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a = gpu.alloc host_shared () : memref<32x32xf16>
  %b = gpu.alloc host_shared () : memref<16x16xf16>
  %bt = gpu.alloc host_shared () : memref<16x16xf16>
  %c32f = gpu.alloc host_shared () : memref<32x16xf32>
  %c16f = gpu.alloc host_shared () : memref<32x16xf16>
  %p = gpu.alloc host_shared () : memref<16x8xf32>
  %q = gpu.alloc host_shared () : memref<8x16xf32>
  %out32 = gpu.alloc host_shared () : memref<32x16xf32>
  %visible = gpu.alloc host_shared () : memref<32x16xf32>
  %out16 = gpu.alloc host_shared () : memref<16x24xf16>
  %outT = gpu.alloc host_shared () : memref<16x16xf32>
  %outE = gpu.alloc host_shared () : memref<16x16xf32>
  %outF = gpu.alloc host_shared () : memref<16x16xf32>
  %garbage = arith.constant 99.0 : f16
  %seventy7 = arith.constant 77.0 : f16
  // a small integer as an f16 and an f32: (n mod m) - shift.
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %k = %c0 to %c32 step %c1 {
      memref.store %garbage, %a[%i, %k] : memref<32x32xf16>
    }
    scf.for %k = %c0 to %c16 step %c1 {
      %k2 = arith.muli %k, %c2 : index
      %n = arith.addi %i, %k2 : index
      %r = arith.remui %n, %c5 : index
      %ri = arith.index_cast %r : index to i32
      %two = arith.constant 2 : i32
      %v = arith.subi %ri, %two : i32
      %h = arith.sitofp %v : i32 to f16
      %col = arith.addi %k, %c8 : index
      memref.store %h, %a[%i, %col] : memref<32x32xf16>
    }
    scf.for %j = %c0 to %c16 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %d = arith.subi %ii, %jj : i32
      %f = arith.sitofp %d : i32 to f32
      %h = arith.sitofp %d : i32 to f16
      memref.store %f, %c32f[%i, %j] : memref<32x16xf32>
      memref.store %h, %c16f[%i, %j] : memref<32x16xf16>
    }
  }
  scf.for %k = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %k3 = arith.muli %k, %c3 : index
      %n = arith.addi %k3, %j : index
      %r = arith.remui %n, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %three = arith.constant 3 : i32
      %v = arith.subi %ri, %three : i32
      %h = arith.sitofp %v : i32 to f16
      memref.store %h, %b[%k, %j] : memref<16x16xf16>
      memref.store %h, %bt[%j, %k] : memref<16x16xf16>
    }
    scf.for %j = %c16 to %c24 step %c1 {
      memref.store %seventy7, %out16[%k, %j] : memref<16x24xf16>
    }
  }
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %k = %c0 to %c8 step %c1 {
      %i2 = arith.muli %i, %c2 : index
      %n = arith.addi %i2, %k : index
      %r = arith.remui %n, %c5 : index
      %ri = arith.index_cast %r : index to i32
      %two = arith.constant 2 : i32
      %v = arith.subi %ri, %two : i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %p[%i, %k] : memref<16x8xf32>
    }
  }
  scf.for %k = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %j2 = arith.muli %j, %c2 : index
      %n = arith.addi %k, %j2 : index
      %r = arith.remui %n, %c3 : index
      %ri = arith.index_cast %r : index to i32
      %one = arith.constant 1 : i32
      %v = arith.subi %ri, %one : i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %q[%k, %j] : memref<8x16xf32>
    }
  }

  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k8 = arith.constant 8 : index
    %k16 = arith.constant 16 : index
    %warp = gpu.subgroup_id : index
    %lane = gpu.lane_id
    %row0 = arith.muli %warp, %k16 : index
    %A = gpu.subgroup_mma_load_matrix %a[%row0, %k8] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %B = gpu.subgroup_mma_load_matrix %b[%k0, %k0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %C = gpu.subgroup_mma_load_matrix %c32f[%row0, %k0] {leadDimension = 16 : index} : memref<32x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %D, %out32[%row0, %k0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x16xf32>

    // Visibility within the warp.
    %bs = memref.alloc() : memref<2x16x16xf16, #gpu.address_space<workgroup>>
    %s = memref.alloc() : memref<2x16x16xf32, #gpu.address_space<workgroup>>
    %first = arith.muli %lane, %k8 : index
    scf.for %m = %k0 to %k8 step %k1 {
      %e = arith.addi %first, %m : index
      %r = arith.divui %e, %k16 : index
      %col = arith.remui %e, %k16 : index
      %v = memref.load %b[%r, %col] : memref<16x16xf16>
      memref.store %v, %bs[%warp, %r, %col] : memref<2x16x16xf16, #gpu.address_space<workgroup>>
    }
    %Bs = gpu.subgroup_mma_load_matrix %bs[%warp, %k0, %k0] {leadDimension = 16 : index} : memref<2x16x16xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %Ds = gpu.subgroup_mma_compute %A, %Bs, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %Ds, %s[%warp, %k0, %k0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<2x16x16xf32, #gpu.address_space<workgroup>>
    // The warp's load is done: no lane's load may see these zeros.
    %zeroHalf = arith.constant 0.0 : f16
    scf.for %m = %k0 to %k8 step %k1 {
      %e = arith.addi %first, %m : index
      %r = arith.divui %e, %k16 : index
      %col = arith.remui %e, %k16 : index
      memref.store %zeroHalf, %bs[%warp, %r, %col] : memref<2x16x16xf16, #gpu.address_space<workgroup>>
    }
    %isFirst = arith.cmpi eq, %lane, %k0 : index
    scf.if %isFirst {
      %mark = arith.constant -1000.0 : f32
      memref.store %mark, %s[%warp, %k0, %k0] : memref<2x16x16xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.for %m = %k0 to %k8 step %k1 {
      %e = arith.addi %first, %m : index
      %r = arith.divui %e, %k16 : index
      %col = arith.remui %e, %k16 : index
      %v = memref.load %s[%warp, %r, %col] : memref<2x16x16xf32, #gpu.address_space<workgroup>>
      %orow = arith.addi %row0, %r : index
      memref.store %v, %visible[%orow, %col] : memref<32x16xf32>
    }

    %isWarp0 = arith.cmpi eq, %warp, %k0 : index
    scf.if %isWarp0 {
      %C16 = gpu.subgroup_mma_load_matrix %c16f[%k0, %k0] {leadDimension = 16 : index} : memref<32x16xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
      %D16 = gpu.subgroup_mma_compute %A, %B, %C16 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
      gpu.subgroup_mma_store_matrix %D16, %out16[%k0, %k0] {leadDimension = 24 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x24xf16>

      %Bt = gpu.subgroup_mma_load_matrix %bt[%k0, %k0] {leadDimension = 16 : index, transpose} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %halfValue = arith.constant 0.5 : f32
      %half = gpu.subgroup_mma_constant_matrix %halfValue : !gpu.mma_matrix<16x16xf32, "COp">
      %T = gpu.subgroup_mma_compute %A, %Bt, %half {b_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %T, %outT[%k0, %k0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>

      %zeroValue = arith.constant 0.0 : f32
      %zero = gpu.subgroup_mma_constant_matrix %zeroValue : !gpu.mma_matrix<16x16xf32, "COp">
      %M = gpu.subgroup_mma_elementwise maxf %D, %zero : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      %E = gpu.subgroup_mma_elementwise addf %M, %C : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %E, %outE[%k0, %k0] {leadDimension = 16 : index, transpose} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>

      %P = gpu.subgroup_mma_load_matrix %p[%k0, %k0] {leadDimension = 8 : index} : memref<16x8xf32> -> !gpu.mma_matrix<16x8xf32, "AOp">
      %Q = gpu.subgroup_mma_load_matrix %q[%k0, %k0] {leadDimension = 16 : index} : memref<8x16xf32> -> !gpu.mma_matrix<8x16xf32, "BOp">
      %F = gpu.subgroup_mma_compute %P, %Q, %C : !gpu.mma_matrix<16x8xf32, "AOp">, !gpu.mma_matrix<8x16xf32, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %F, %outF[%k0, %k0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    }
    gpu.terminator
  }

  %o32 = memref.cast %out32 : memref<32x16xf32> to memref<*xf32>
  call @printMemrefF32(%o32) : (memref<*xf32>) -> ()
  %vis = memref.cast %visible : memref<32x16xf32> to memref<*xf32>
  call @printMemrefF32(%vis) : (memref<*xf32>) -> ()
  %o16f = memref.alloc() : memref<16x24xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c24 step %c1 {
      %h = memref.load %out16[%i, %j] : memref<16x24xf16>
      %f = arith.extf %h : f16 to f32
      memref.store %f, %o16f[%i, %j] : memref<16x24xf32>
    }
  }
  %o16 = memref.cast %o16f : memref<16x24xf32> to memref<*xf32>
  call @printMemrefF32(%o16) : (memref<*xf32>) -> ()
  %oT = memref.cast %outT : memref<16x16xf32> to memref<*xf32>
  call @printMemrefF32(%oT) : (memref<*xf32>) -> ()
  %oE = memref.cast %outE : memref<16x16xf32> to memref<*xf32>
  call @printMemrefF32(%oE) : (memref<*xf32>) -> ()
  %oF = memref.cast %outF : memref<16x16xf32> to memref<*xf32>
  call @printMemrefF32(%oF) : (memref<*xf32>) -> ()
  // A x B + C, f32 accumulator; both warps:
  // CHECK:      [10,   -14,   -24,   -20,   -2,   16,   13,   3,   -21,   -31,   -27,   -9,   9,   6,   -4,   -28]
  // CHECK-NEXT: [18,   16,   -7,   -16,   -18,   -13,   6,   11,   9,   -14,   -23,   -25,   -20,   -1,   4,   2]
  // CHECK-NEXT: [6,   26,   25,   3,   -19,   -27,   -21,   -1,   19,   18,   -4,   -26,   -34,   -28,   -8,   12]
  // CHECK-NEXT: [-11,   -4,   17,   17,   10,   -11,   -18,   -18,   -11,   10,   10,   3,   -18,   -25,   -25,   -18]
  // CHECK-NEXT: [-13,   -19,   -11,   11,   19,   20,   0,   -20,   -26,   -18,   4,   12,   13,   -7,   -27,   -33]
  // CHECK-NEXT: [15,   -9,   -19,   -15,   3,   21,   18,   8,   -16,   -26,   -22,   -4,   14,   11,   1,   -23]
  // CHECK-NEXT: [23,   21,   -2,   -11,   -13,   -8,   11,   16,   14,   -9,   -18,   -20,   -15,   4,   9,   7]
  // CHECK-NEXT: [11,   31,   30,   8,   -14,   -22,   -16,   4,   24,   23,   1,   -21,   -29,   -23,   -3,   17]
  // CHECK-NEXT: [-6,   1,   22,   22,   15,   -6,   -13,   -13,   -6,   15,   15,   8,   -13,   -20,   -20,   -13]
  // CHECK-NEXT: [-8,   -14,   -6,   16,   24,   25,   5,   -15,   -21,   -13,   9,   17,   18,   -2,   -22,   -28]
  // CHECK-NEXT: [20,   -4,   -14,   -10,   8,   26,   23,   13,   -11,   -21,   -17,   1,   19,   16,   6,   -18]
  // CHECK-NEXT: [28,   26,   3,   -6,   -8,   -3,   16,   21,   19,   -4,   -13,   -15,   -10,   9,   14,   12]
  // CHECK-NEXT: [16,   36,   35,   13,   -9,   -17,   -11,   9,   29,   28,   6,   -16,   -24,   -18,   2,   22]
  // CHECK-NEXT: [-1,   6,   27,   27,   20,   -1,   -8,   -8,   -1,   20,   20,   13,   -8,   -15,   -15,   -8]
  // CHECK-NEXT: [-3,   -9,   -1,   21,   29,   30,   10,   -10,   -16,   -8,   14,   22,   23,   3,   -17,   -23]
  // CHECK-NEXT: [25,   1,   -9,   -5,   13,   31,   28,   18,   -6,   -16,   -12,   6,   24,   21,   11,   -13]
  // CHECK-NEXT: [33,   31,   8,   -1,   -3,   2,   21,   26,   24,   1,   -8,   -10,   -5,   14,   19,   17]
  // CHECK-NEXT: [21,   41,   40,   18,   -4,   -12,   -6,   14,   34,   33,   11,   -11,   -19,   -13,   7,   27]
  // CHECK-NEXT: [4,   11,   32,   32,   25,   4,   -3,   -3,   4,   25,   25,   18,   -3,   -10,   -10,   -3]
  // CHECK-NEXT: [2,   -4,   4,   26,   34,   35,   15,   -5,   -11,   -3,   19,   27,   28,   8,   -12,   -18]
  // CHECK-NEXT: [30,   6,   -4,   0,   18,   36,   33,   23,   -1,   -11,   -7,   11,   29,   26,   16,   -8]
  // CHECK-NEXT: [38,   36,   13,   4,   2,   7,   26,   31,   29,   6,   -3,   -5,   0,   19,   24,   22]
  // CHECK-NEXT: [26,   46,   45,   23,   1,   -7,   -1,   19,   39,   38,   16,   -6,   -14,   -8,   12,   32]
  // CHECK-NEXT: [9,   16,   37,   37,   30,   9,   2,   2,   9,   30,   30,   23,   2,   -5,   -5,   2]
  // CHECK-NEXT: [7,   1,   9,   31,   39,   40,   20,   0,   -6,   2,   24,   32,   33,   13,   -7,   -13]
  // CHECK-NEXT: [35,   11,   1,   5,   23,   41,   38,   28,   4,   -6,   -2,   16,   34,   31,   21,   -3]
  // CHECK-NEXT: [43,   41,   18,   9,   7,   12,   31,   36,   34,   11,   2,   0,   5,   24,   29,   27]
  // CHECK-NEXT: [31,   51,   50,   28,   6,   -2,   4,   24,   44,   43,   21,   -1,   -9,   -3,   17,   37]
  // CHECK-NEXT: [14,   21,   42,   42,   35,   14,   7,   7,   14,   35,   35,   28,   7,   0,   0,   7]
  // CHECK-NEXT: [12,   6,   14,   36,   44,   45,   25,   5,   -1,   7,   29,   37,   38,   18,   -2,   -8]
  // CHECK-NEXT: [40,   16,   6,   10,   28,   46,   43,   33,   9,   -1,   3,   21,   39,   36,   26,   2]
  // CHECK-NEXT: [48,   46,   23,   14,   12,   17,   36,   41,   39,   16,   7,   5,   10,   29,   34,   32]
  // The same, through workgroup memory, with lane 0's -1000:
  // CHECK:      [-1000,   -14,   -24,   -20,   -2,   16,   13,   3,   -21,   -31,   -27,   -9,   9,   6,   -4,   -28]
  // CHECK-NEXT: [18,   16,   -7,   -16,   -18,   -13,   6,   11,   9,   -14,   -23,   -25,   -20,   -1,   4,   2]
  // CHECK-NEXT: [6,   26,   25,   3,   -19,   -27,   -21,   -1,   19,   18,   -4,   -26,   -34,   -28,   -8,   12]
  // CHECK-NEXT: [-11,   -4,   17,   17,   10,   -11,   -18,   -18,   -11,   10,   10,   3,   -18,   -25,   -25,   -18]
  // CHECK-NEXT: [-13,   -19,   -11,   11,   19,   20,   0,   -20,   -26,   -18,   4,   12,   13,   -7,   -27,   -33]
  // CHECK-NEXT: [15,   -9,   -19,   -15,   3,   21,   18,   8,   -16,   -26,   -22,   -4,   14,   11,   1,   -23]
  // CHECK-NEXT: [23,   21,   -2,   -11,   -13,   -8,   11,   16,   14,   -9,   -18,   -20,   -15,   4,   9,   7]
  // CHECK-NEXT: [11,   31,   30,   8,   -14,   -22,   -16,   4,   24,   23,   1,   -21,   -29,   -23,   -3,   17]
  // CHECK-NEXT: [-6,   1,   22,   22,   15,   -6,   -13,   -13,   -6,   15,   15,   8,   -13,   -20,   -20,   -13]
  // CHECK-NEXT: [-8,   -14,   -6,   16,   24,   25,   5,   -15,   -21,   -13,   9,   17,   18,   -2,   -22,   -28]
  // CHECK-NEXT: [20,   -4,   -14,   -10,   8,   26,   23,   13,   -11,   -21,   -17,   1,   19,   16,   6,   -18]
  // CHECK-NEXT: [28,   26,   3,   -6,   -8,   -3,   16,   21,   19,   -4,   -13,   -15,   -10,   9,   14,   12]
  // CHECK-NEXT: [16,   36,   35,   13,   -9,   -17,   -11,   9,   29,   28,   6,   -16,   -24,   -18,   2,   22]
  // CHECK-NEXT: [-1,   6,   27,   27,   20,   -1,   -8,   -8,   -1,   20,   20,   13,   -8,   -15,   -15,   -8]
  // CHECK-NEXT: [-3,   -9,   -1,   21,   29,   30,   10,   -10,   -16,   -8,   14,   22,   23,   3,   -17,   -23]
  // CHECK-NEXT: [25,   1,   -9,   -5,   13,   31,   28,   18,   -6,   -16,   -12,   6,   24,   21,   11,   -13]
  // CHECK-NEXT: [-1000,   31,   8,   -1,   -3,   2,   21,   26,   24,   1,   -8,   -10,   -5,   14,   19,   17]
  // CHECK-NEXT: [21,   41,   40,   18,   -4,   -12,   -6,   14,   34,   33,   11,   -11,   -19,   -13,   7,   27]
  // CHECK-NEXT: [4,   11,   32,   32,   25,   4,   -3,   -3,   4,   25,   25,   18,   -3,   -10,   -10,   -3]
  // CHECK-NEXT: [2,   -4,   4,   26,   34,   35,   15,   -5,   -11,   -3,   19,   27,   28,   8,   -12,   -18]
  // CHECK-NEXT: [30,   6,   -4,   0,   18,   36,   33,   23,   -1,   -11,   -7,   11,   29,   26,   16,   -8]
  // CHECK-NEXT: [38,   36,   13,   4,   2,   7,   26,   31,   29,   6,   -3,   -5,   0,   19,   24,   22]
  // CHECK-NEXT: [26,   46,   45,   23,   1,   -7,   -1,   19,   39,   38,   16,   -6,   -14,   -8,   12,   32]
  // CHECK-NEXT: [9,   16,   37,   37,   30,   9,   2,   2,   9,   30,   30,   23,   2,   -5,   -5,   2]
  // CHECK-NEXT: [7,   1,   9,   31,   39,   40,   20,   0,   -6,   2,   24,   32,   33,   13,   -7,   -13]
  // CHECK-NEXT: [35,   11,   1,   5,   23,   41,   38,   28,   4,   -6,   -2,   16,   34,   31,   21,   -3]
  // CHECK-NEXT: [43,   41,   18,   9,   7,   12,   31,   36,   34,   11,   2,   0,   5,   24,   29,   27]
  // CHECK-NEXT: [31,   51,   50,   28,   6,   -2,   4,   24,   44,   43,   21,   -1,   -9,   -3,   17,   37]
  // CHECK-NEXT: [14,   21,   42,   42,   35,   14,   7,   7,   14,   35,   35,   28,   7,   0,   0,   7]
  // CHECK-NEXT: [12,   6,   14,   36,   44,   45,   25,   5,   -1,   7,   29,   37,   38,   18,   -2,   -8]
  // CHECK-NEXT: [40,   16,   6,   10,   28,   46,   43,   33,   9,   -1,   3,   21,   39,   36,   26,   2]
  // CHECK-NEXT: [48,   46,   23,   14,   12,   17,   36,   41,   39,   16,   7,   5,   10,   29,   34,   32]
  // Warp 0's f16 accumulator, leadDimension 24: the columns past 16 keep their 77:
  // CHECK:      [10,   -14,   -24,   -20,   -2,   16,   13,   3,   -21,   -31,   -27,   -9,   9,   6,   -4,   -28,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [18,   16,   -7,   -16,   -18,   -13,   6,   11,   9,   -14,   -23,   -25,   -20,   -1,   4,   2,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [6,   26,   25,   3,   -19,   -27,   -21,   -1,   19,   18,   -4,   -26,   -34,   -28,   -8,   12,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [-11,   -4,   17,   17,   10,   -11,   -18,   -18,   -11,   10,   10,   3,   -18,   -25,   -25,   -18,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [-13,   -19,   -11,   11,   19,   20,   0,   -20,   -26,   -18,   4,   12,   13,   -7,   -27,   -33,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [15,   -9,   -19,   -15,   3,   21,   18,   8,   -16,   -26,   -22,   -4,   14,   11,   1,   -23,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [23,   21,   -2,   -11,   -13,   -8,   11,   16,   14,   -9,   -18,   -20,   -15,   4,   9,   7,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [11,   31,   30,   8,   -14,   -22,   -16,   4,   24,   23,   1,   -21,   -29,   -23,   -3,   17,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [-6,   1,   22,   22,   15,   -6,   -13,   -13,   -6,   15,   15,   8,   -13,   -20,   -20,   -13,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [-8,   -14,   -6,   16,   24,   25,   5,   -15,   -21,   -13,   9,   17,   18,   -2,   -22,   -28,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [20,   -4,   -14,   -10,   8,   26,   23,   13,   -11,   -21,   -17,   1,   19,   16,   6,   -18,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [28,   26,   3,   -6,   -8,   -3,   16,   21,   19,   -4,   -13,   -15,   -10,   9,   14,   12,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [16,   36,   35,   13,   -9,   -17,   -11,   9,   29,   28,   6,   -16,   -24,   -18,   2,   22,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [-1,   6,   27,   27,   20,   -1,   -8,   -8,   -1,   20,   20,   13,   -8,   -15,   -15,   -8,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [-3,   -9,   -1,   21,   29,   30,   10,   -10,   -16,   -8,   14,   22,   23,   3,   -17,   -23,   77,   77,   77,   77,   77,   77,   77,   77]
  // CHECK-NEXT: [25,   1,   -9,   -5,   13,   31,   28,   18,   -6,   -16,   -12,   6,   24,   21,   11,   -13,   77,   77,   77,   77,   77,   77,   77,   77]
  // B loaded transposed from its transpose, plus 0.5:
  // CHECK:      [10.5,   -12.5,   -21.5,   -16.5,   2.5,   21.5,   19.5,   10.5,   -12.5,   -21.5,   -16.5,   2.5,   21.5,   19.5,   10.5,   -12.5]
  // CHECK-NEXT: [17.5,   16.5,   -5.5,   -13.5,   -14.5,   -8.5,   11.5,   17.5,   16.5,   -5.5,   -13.5,   -14.5,   -8.5,   11.5,   17.5,   16.5]
  // CHECK-NEXT: [4.5,   25.5,   25.5,   4.5,   -16.5,   -23.5,   -16.5,   4.5,   25.5,   25.5,   4.5,   -16.5,   -23.5,   -16.5,   4.5,   25.5]
  // CHECK-NEXT: [-13.5,   -5.5,   16.5,   17.5,   11.5,   -8.5,   -14.5,   -13.5,   -5.5,   16.5,   17.5,   11.5,   -8.5,   -14.5,   -13.5,   -5.5]
  // CHECK-NEXT: [-16.5,   -21.5,   -12.5,   10.5,   19.5,   21.5,   2.5,   -16.5,   -21.5,   -12.5,   10.5,   19.5,   21.5,   2.5,   -16.5,   -21.5]
  // CHECK-NEXT: [10.5,   -12.5,   -21.5,   -16.5,   2.5,   21.5,   19.5,   10.5,   -12.5,   -21.5,   -16.5,   2.5,   21.5,   19.5,   10.5,   -12.5]
  // CHECK-NEXT: [17.5,   16.5,   -5.5,   -13.5,   -14.5,   -8.5,   11.5,   17.5,   16.5,   -5.5,   -13.5,   -14.5,   -8.5,   11.5,   17.5,   16.5]
  // CHECK-NEXT: [4.5,   25.5,   25.5,   4.5,   -16.5,   -23.5,   -16.5,   4.5,   25.5,   25.5,   4.5,   -16.5,   -23.5,   -16.5,   4.5,   25.5]
  // CHECK-NEXT: [-13.5,   -5.5,   16.5,   17.5,   11.5,   -8.5,   -14.5,   -13.5,   -5.5,   16.5,   17.5,   11.5,   -8.5,   -14.5,   -13.5,   -5.5]
  // CHECK-NEXT: [-16.5,   -21.5,   -12.5,   10.5,   19.5,   21.5,   2.5,   -16.5,   -21.5,   -12.5,   10.5,   19.5,   21.5,   2.5,   -16.5,   -21.5]
  // CHECK-NEXT: [10.5,   -12.5,   -21.5,   -16.5,   2.5,   21.5,   19.5,   10.5,   -12.5,   -21.5,   -16.5,   2.5,   21.5,   19.5,   10.5,   -12.5]
  // CHECK-NEXT: [17.5,   16.5,   -5.5,   -13.5,   -14.5,   -8.5,   11.5,   17.5,   16.5,   -5.5,   -13.5,   -14.5,   -8.5,   11.5,   17.5,   16.5]
  // CHECK-NEXT: [4.5,   25.5,   25.5,   4.5,   -16.5,   -23.5,   -16.5,   4.5,   25.5,   25.5,   4.5,   -16.5,   -23.5,   -16.5,   4.5,   25.5]
  // CHECK-NEXT: [-13.5,   -5.5,   16.5,   17.5,   11.5,   -8.5,   -14.5,   -13.5,   -5.5,   16.5,   17.5,   11.5,   -8.5,   -14.5,   -13.5,   -5.5]
  // CHECK-NEXT: [-16.5,   -21.5,   -12.5,   10.5,   19.5,   21.5,   2.5,   -16.5,   -21.5,   -12.5,   10.5,   19.5,   21.5,   2.5,   -16.5,   -21.5]
  // CHECK-NEXT: [10.5,   -12.5,   -21.5,   -16.5,   2.5,   21.5,   19.5,   10.5,   -12.5,   -21.5,   -16.5,   2.5,   21.5,   19.5,   10.5,   -12.5]
  // max(D, 0) + C, stored transposed:
  // CHECK:      [10,   19,   8,   3,   4,   20,   29,   18,   8,   9,   30,   39,   28,   13,   14,   40]
  // CHECK-NEXT: [-1,   16,   27,   2,   3,   4,   26,   37,   8,   8,   9,   36,   47,   18,   13,   15]
  // CHECK-NEXT: [-2,   -1,   25,   18,   2,   3,   4,   35,   28,   7,   8,   12,   45,   38,   12,   13]
  // CHECK-NEXT: [-3,   -2,   2,   17,   12,   2,   3,   12,   27,   22,   7,   8,   22,   37,   32,   12]
  // CHECK-NEXT: [-4,   -3,   -2,   9,   19,   4,   2,   3,   19,   29,   14,   7,   8,   29,   39,   24]
  // CHECK-NEXT: [11,   -4,   -3,   -2,   19,   21,   1,   2,   3,   29,   31,   6,   7,   8,   39,   41]
  // CHECK-NEXT: [7,   1,   -4,   -3,   -2,   17,   11,   1,   2,   8,   27,   21,   6,   7,   18,   37]
  // CHECK-NEXT: [-4,   5,   -5,   -4,   -3,   6,   15,   4,   1,   2,   16,   25,   14,   6,   7,   26]
  // CHECK-NEXT: [-8,   2,   13,   -5,   -4,   -3,   12,   23,   0,   1,   2,   22,   33,   5,   6,   7]
  // CHECK-NEXT: [-9,   -8,   11,   4,   -5,   -4,   -3,   21,   14,   0,   1,   2,   31,   24,   5,   6]
  // CHECK-NEXT: [-10,   -9,   -8,   3,   -2,   -5,   -4,   -2,   13,   8,   0,   1,   8,   23,   18,   5]
  // CHECK-NEXT: [-11,   -10,   -9,   -5,   5,   -6,   -5,   -4,   5,   15,   0,   0,   1,   15,   25,   10]
  // CHECK-NEXT: [-3,   -11,   -10,   -9,   5,   7,   -6,   -5,   -4,   15,   17,   -1,   0,   1,   25,   27]
  // CHECK-NEXT: [-7,   -12,   -11,   -10,   -9,   3,   -3,   -6,   -5,   -4,   13,   7,   -1,   0,   4,   23]
  // CHECK-NEXT: [-14,   -9,   -12,   -11,   -10,   -8,   1,   -7,   -6,   -5,   2,   11,   0,   -1,   0,   12]
  // CHECK-NEXT: [-15,   -12,   -1,   -12,   -11,   -10,   -2,   9,   -7,   -6,   -5,   8,   19,   -2,   -1,   0]
  // P x Q + C, f32 operands (16x16x8):
  // CHECK:      [0,   -4,   1,   -3,   -7,   -2,   -6,   -10,   -5,   -9,   -13,   -8,   -12,   -16,   -11,   -15]
  // CHECK-NEXT: [4,   -3,   -1,   1,   -6,   -4,   -2,   -9,   -7,   -5,   -12,   -10,   -8,   -15,   -13,   -11]
  // CHECK-NEXT: [3,   3,   -3,   0,   0,   -6,   -3,   -3,   -9,   -6,   -6,   -12,   -9,   -9,   -15,   -12]
  // CHECK-NEXT: [2,   4,   0,   -1,   1,   -3,   -4,   -2,   -6,   -7,   -5,   -9,   -10,   -8,   -12,   -13]
  // CHECK-NEXT: [1,   5,   3,   -2,   2,   0,   -5,   -1,   -3,   -8,   -4,   -6,   -11,   -7,   -9,   -14]
  // CHECK-NEXT: [5,   1,   6,   2,   -2,   3,   -1,   -5,   0,   -4,   -8,   -3,   -7,   -11,   -6,   -10]
  // CHECK-NEXT: [9,   2,   4,   6,   -1,   1,   3,   -4,   -2,   0,   -7,   -5,   -3,   -10,   -8,   -6]
  // CHECK-NEXT: [8,   8,   2,   5,   5,   -1,   2,   2,   -4,   -1,   -1,   -7,   -4,   -4,   -10,   -7]
  // CHECK-NEXT: [7,   9,   5,   4,   6,   2,   1,   3,   -1,   -2,   0,   -4,   -5,   -3,   -7,   -8]
  // CHECK-NEXT: [6,   10,   8,   3,   7,   5,   0,   4,   2,   -3,   1,   -1,   -6,   -2,   -4,   -9]
  // CHECK-NEXT: [10,   6,   11,   7,   3,   8,   4,   0,   5,   1,   -3,   2,   -2,   -6,   -1,   -5]
  // CHECK-NEXT: [14,   7,   9,   11,   4,   6,   8,   1,   3,   5,   -2,   0,   2,   -5,   -3,   -1]
  // CHECK-NEXT: [13,   13,   7,   10,   10,   4,   7,   7,   1,   4,   4,   -2,   1,   1,   -5,   -2]
  // CHECK-NEXT: [12,   14,   10,   9,   11,   7,   6,   8,   4,   3,   5,   1,   0,   2,   -2,   -3]
  // CHECK-NEXT: [11,   15,   13,   8,   12,   10,   5,   9,   7,   2,   6,   4,   -1,   3,   1,   -4]
  // CHECK-NEXT: [15,   11,   16,   12,   8,   13,   9,   5,   10,   6,   2,   7,   3,   -1,   4,   0]
  return
}
