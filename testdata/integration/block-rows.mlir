// A kernel whose threads depend on their block only through their global id
// in x, on a 7x5x3 grid of 32x4 blocks over 3 planes of 19 rows of 200
// columns, with bounds tests on both: on the host, the blocks of a row run
// together (conversion/host/BlockRows.h), and a worker's ranges of blocks
// (4 blocks each on 2 threads, 3 on 3) start inside rows and end in the
// next one, where a call must stop at the row's end and start again at x =
// 0; on 1 thread, a call runs whole rows. Each cell's value is checked
// against the same formula computed here, on the CPU, apart from any
// kernel: a block that ran at the wrong place, twice or not at all shows up.
//
// Runs on every target (lit.local.cfg), and on the host with 1, 2 and 3
// threads:
// RUN: offload-opt %s --offload-lower-to-host -o %t.mlir
// RUN: env MGPU_HOST_THREADS=1 %offload_runner < %t.mlir | FileCheck %s
// RUN: env MGPU_HOST_THREADS=2 %offload_runner < %t.mlir | FileCheck %s
// RUN: env MGPU_HOST_THREADS=3 %offload_runner < %t.mlir | FileCheck %s

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c19 = arith.constant 19 : index
  %c32 = arith.constant 32 : index
  %c200 = arith.constant 200 : index
  %c13 = arith.constant 13 : index
  %c211 = arith.constant 211 : index
  %c1000 = arith.constant 1000 : index
  %c7919 = arith.constant 7919 : index
  %zero = arith.constant 0 : i32
  %three = arith.constant 3 : i32
  %in = gpu.alloc host_shared () : memref<3x19x200xi32>
  %out = gpu.alloc host_shared () : memref<3x19x200xi32>
  gpu.memset %out, %zero : memref<3x19x200xi32>, i32
  // in[z, i, j] = (z * 7919 + i * 211 + j * 13) mod 1000.
  scf.for %z = %c0 to %c3 step %c1 {
    scf.for %i = %c0 to %c19 step %c1 {
      scf.for %j = %c0 to %c200 step %c1 {
        %zz = arith.muli %z, %c7919 : index
        %ii = arith.muli %i, %c211 : index
        %jj = arith.muli %j, %c13 : index
        %s0 = arith.addi %zz, %ii : index
        %s1 = arith.addi %s0, %jj : index
        %v = arith.remui %s1, %c1000 : index
        %v32 = arith.index_cast %v : index to i32
        memref.store %v32, %in[%z, %i, %j] : memref<3x19x200xi32>
      }
    }
  }
  // out[z, i, j] = 3 * in[z, i, j] + in[z, i, j + 1] (0 past the row) + j.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c7, %gy = %c5, %gz = %c3)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c4, %sz = %c1) {
    %xs = arith.muli %bx, %sx : index
    %j = arith.addi %xs, %tx : index
    %ys = arith.muli %by, %sy : index
    %i = arith.addi %ys, %ty : index
    %cols = arith.constant 200 : index
    %rows = arith.constant 19 : index
    %one = arith.constant 1 : index
    %none = arith.constant 0 : i32
    %times = arith.constant 3 : i32
    %j_in = arith.cmpi ult, %j, %cols : index
    %i_in = arith.cmpi ult, %i, %rows : index
    %inside = arith.andi %j_in, %i_in : i1
    scf.if %inside {
      %v = memref.load %in[%bz, %i, %j] : memref<3x19x200xi32>
      %next = arith.addi %j, %one : index
      %has_right = arith.cmpi ult, %next, %cols : index
      %right = scf.if %has_right -> i32 {
        %r = memref.load %in[%bz, %i, %next] : memref<3x19x200xi32>
        scf.yield %r : i32
      } else {
        scf.yield %none : i32
      }
      %v3 = arith.muli %v, %times : i32
      %sum = arith.addi %v3, %right : i32
      %j32 = arith.index_cast %j : index to i32
      %result = arith.addi %sum, %j32 : i32
      // Added to what is there (0): a block that ran twice shows up too.
      %old = memref.load %out[%bz, %i, %j] : memref<3x19x200xi32>
      %new = arith.addi %old, %result : i32
      memref.store %new, %out[%bz, %i, %j] : memref<3x19x200xi32>
    }
    gpu.terminator
  }
  %wrong = scf.for %z = %c0 to %c3 step %c1 iter_args(%w0 = %zero) -> i32 {
    %wz = scf.for %i = %c0 to %c19 step %c1 iter_args(%w1 = %w0) -> i32 {
      %wi = scf.for %j = %c0 to %c200 step %c1 iter_args(%w2 = %w1) -> i32 {
        %v = memref.load %in[%z, %i, %j] : memref<3x19x200xi32>
        %next = arith.addi %j, %c1 : index
        %has_right = arith.cmpi ult, %next, %c200 : index
        %right = scf.if %has_right -> i32 {
          %r = memref.load %in[%z, %i, %next] : memref<3x19x200xi32>
          scf.yield %r : i32
        } else {
          scf.yield %zero : i32
        }
        %v3 = arith.muli %v, %three : i32
        %sum = arith.addi %v3, %right : i32
        %j32 = arith.index_cast %j : index to i32
        %expected = arith.addi %sum, %j32 : i32
        %got = memref.load %out[%z, %i, %j] : memref<3x19x200xi32>
        %bad = arith.cmpi ne, %got, %expected : i32
        %bad_i32 = arith.extui %bad : i1 to i32
        %w3 = arith.addi %w2, %bad_i32 : i32
        scf.yield %w3 : i32
      }
      scf.yield %wi : i32
    }
    scf.yield %wz : i32
  }
  %summary = memref.alloca() : memref<3xi32>
  %c18 = arith.constant 18 : index
  %c199 = arith.constant 199 : index
  %first = memref.load %out[%c0, %c0, %c0] : memref<3x19x200xi32>
  %last = memref.load %out[%c2, %c18, %c199] : memref<3x19x200xi32>
  memref.store %wrong, %summary[%c0] : memref<3xi32>
  memref.store %first, %summary[%c1] : memref<3xi32>
  memref.store %last, %summary[%c2] : memref<3xi32>
  %summary_u = memref.cast %summary : memref<3xi32> to memref<*xi32>
  // Wrong cells; out[0, 0, 0] = 3 * 0 + 13 + 0; out[2, 18, 199] = 3 * 223 +
  // 0 + 199.
  // CHECK: [0, 13, 868]
  call @printMemrefI32(%summary_u) : (memref<*xi32>) -> ()
  gpu.dealloc %in : memref<3x19x200xi32>
  gpu.dealloc %out : memref<3x19x200xi32>
  return
}
