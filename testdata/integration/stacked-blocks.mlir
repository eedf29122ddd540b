// A histogram over a grid-stride loop, on a 37x2 grid of blocks of 96
// threads, each block counting into its own workgroup memory, between
// barriers, then adding its counts to the row's histogram with atomics and
// storing them as its own partial histogram: on the host, the blocks of a
// row run stacked in y (conversion/host/BlockRows.h), each with its own
// workgroup memory and its own ids, and a worker's ranges (3 blocks each on
// 2 threads, 2 on 3) start inside rows and end in the next one; on 1
// thread, a call runs a whole row of 37. Row y counts in[y, i] = (a_y * i +
// b_y) mod 61 for 10007 elements. Each histogram and each block's partial
// one is checked against counts made here, on the CPU, apart from any
// kernel: a block that counted into another's memory, ran twice or not at
// all shows up.
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
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c30 = arith.constant 30 : index
  %c37 = arith.constant 37 : index
  %c61 = arith.constant 61 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %n = arith.constant 10007 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %in = gpu.alloc host_shared () : memref<2x10007xi32>
  %hist = gpu.alloc host_shared () : memref<2x64xi32>
  %part = gpu.alloc host_shared () : memref<2x37x64xi32>
  gpu.memset %hist, %zero : memref<2x64xi32>, i32
  gpu.memset %part, %zero : memref<2x37x64xi32>, i32
  // in[0, i] = (7 * i) mod 61, in[1, i] = (11 * i + 3) mod 61.
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.muli %i, %c7 : index
    %a61 = arith.remui %a, %c61 : index
    %a32 = arith.index_cast %a61 : index to i32
    memref.store %a32, %in[%c0, %i] : memref<2x10007xi32>
    %b = arith.muli %i, %c11 : index
    %b3 = arith.addi %b, %c3 : index
    %b61 = arith.remui %b3, %c61 : index
    %b32 = arith.index_cast %b61 : index to i32
    memref.store %b32, %in[%c1, %i] : memref<2x10007xi32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c37, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c96, %sy = %c1, %sz = %c1)
             workgroup(%local : memref<64xi32, #gpu.address_space<workgroup>>) {
    %bins = arith.constant 64 : index
    %length = arith.constant 10007 : index
    %none = arith.constant 0 : i32
    %once = arith.constant 1 : i32
    %counts = arith.cmpi ult, %tx, %bins : index
    scf.if %counts {
      memref.store %none, %local[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %first_x = arith.muli %bx, %sx : index
    %first = arith.addi %first_x, %tx : index
    %stride = arith.muli %sx, %gx : index
    scf.for %i = %first to %length step %stride {
      %v = memref.load %in[%by, %i] : memref<2x10007xi32>
      %bin = arith.index_cast %v : i32 to index
      %old = memref.atomic_rmw addi %once, %local[%bin] : (i32, memref<64xi32, #gpu.address_space<workgroup>>) -> i32
    }
    gpu.barrier
    scf.if %counts {
      %count = memref.load %local[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      %total = memref.atomic_rmw addi %count, %hist[%by, %tx] : (i32, memref<2x64xi32>) -> i32
      // Added to what is there (0): a block that ran twice shows up too.
      %mine = memref.load %part[%by, %bx, %tx] : memref<2x37x64xi32>
      %sum = arith.addi %mine, %count : i32
      memref.store %sum, %part[%by, %bx, %tx] : memref<2x37x64xi32>
    }
    gpu.terminator
  }
  // The counts again, on the CPU: block b of a row reads the elements i of
  // its threads t, i = b * 96 + t, then i + 3552, ...
  %want_hist = memref.alloca() : memref<2x64xi32>
  %want_part = memref.alloc() : memref<2x37x64xi32>
  scf.for %y = %c0 to %c2 step %c1 {
    scf.for %v = %c0 to %c64 step %c1 {
      memref.store %zero, %want_hist[%y, %v] : memref<2x64xi32>
      scf.for %b = %c0 to %c37 step %c1 {
        memref.store %zero, %want_part[%y, %b, %v] : memref<2x37x64xi32>
      }
    }
  }
  %per_round = arith.muli %c37, %c96 : index
  scf.for %y = %c0 to %c2 step %c1 {
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %in[%y, %i] : memref<2x10007xi32>
      %bin = arith.index_cast %v : i32 to index
      %h = memref.load %want_hist[%y, %bin] : memref<2x64xi32>
      %h1 = arith.addi %h, %one : i32
      memref.store %h1, %want_hist[%y, %bin] : memref<2x64xi32>
      %place = arith.remui %i, %per_round : index
      %b = arith.divui %place, %c96 : index
      %p = memref.load %want_part[%y, %b, %bin] : memref<2x37x64xi32>
      %p1 = arith.addi %p, %one : i32
      memref.store %p1, %want_part[%y, %b, %bin] : memref<2x37x64xi32>
    }
  }
  %wrong = scf.for %y = %c0 to %c2 step %c1 iter_args(%w0 = %zero) -> i32 {
    %wy = scf.for %v = %c0 to %c64 step %c1 iter_args(%w1 = %w0) -> i32 {
      %got = memref.load %hist[%y, %v] : memref<2x64xi32>
      %want = memref.load %want_hist[%y, %v] : memref<2x64xi32>
      %bad = arith.cmpi ne, %got, %want : i32
      %bad32 = arith.extui %bad : i1 to i32
      %w2 = arith.addi %w1, %bad32 : i32
      %wb = scf.for %b = %c0 to %c37 step %c1 iter_args(%w3 = %w2) -> i32 {
        %pg = memref.load %part[%y, %b, %v] : memref<2x37x64xi32>
        %pw = memref.load %want_part[%y, %b, %v] : memref<2x37x64xi32>
        %pbad = arith.cmpi ne, %pg, %pw : i32
        %pbad32 = arith.extui %pbad : i1 to i32
        %w4 = arith.addi %w3, %pbad32 : i32
        scf.yield %w4 : i32
      }
      scf.yield %wb : i32
    }
    scf.yield %wy : i32
  }
  // What block 30 of row 0 counted: 2 rounds of 96, and the 23 elements of
  // the third that are below 10007.
  %block30 = scf.for %v = %c0 to %c64 step %c1 iter_args(%s = %zero) -> i32 {
    %p = memref.load %part[%c0, %c30, %v] : memref<2x37x64xi32>
    %s1 = arith.addi %s, %p : i32
    scf.yield %s1 : i32
  }
  %summary = memref.alloca() : memref<5xi32>
  %h0 = memref.load %hist[%c0, %c0] : memref<2x64xi32>
  %h1 = memref.load %hist[%c0, %c1] : memref<2x64xi32>
  %h63 = memref.load %hist[%c0, %c63] : memref<2x64xi32>
  memref.store %wrong, %summary[%c0] : memref<5xi32>
  memref.store %h0, %summary[%c1] : memref<5xi32>
  memref.store %h1, %summary[%c2] : memref<5xi32>
  memref.store %h63, %summary[%c3] : memref<5xi32>
  memref.store %block30, %summary[%c4] : memref<5xi32>
  %summary_u = memref.cast %summary : memref<5xi32> to memref<*xi32>
  // Wrong counts; row 0's bins 0 (165 = 10007 / 61 rounded up, as 10004 is
  // 61 * 164 and 7 * 10004 mod 61 is 0), 1 (164) and 63 (none); block 30's
  // elements, 2 * 96 + 23.
  // CHECK: [0, 165, 164, 0, 215]
  call @printMemrefI32(%summary_u) : (memref<*xi32>) -> ()
  memref.dealloc %want_part : memref<2x37x64xi32>
  gpu.dealloc %in : memref<2x10007xi32>
  gpu.dealloc %hist : memref<2x64xi32>
  gpu.dealloc %part : memref<2x37x64xi32>
  return
}
