// A grid-stride loop over a flattened id, i = (blockIdx.x * blockDim.y +
// threadIdx.y) * blockDim.x + threadIdx.x, in blocks of 32x3 threads on a
// grid of 5, over 1001 elements (2 rounds of 480 and 41 more): on the host,
// each iteration of the loop runs the block's 3 rows of threads, whose
// elements are consecutive (conversion/host/threads/LoopsAcrossThreads.h),
// the iterations that every thread has without a bounds test. Each element
// adds 2 * i + 1 to what is there (0): an element done twice, or not at
// all, shows up against the values computed here, on the CPU.
//
// Runs on every target (lit.local.cfg), and on the host with 1 and 2
// threads:
// RUN: offload-opt %s --offload-lower-to-host -o %t.mlir
// RUN: env MGPU_HOST_THREADS=1 %offload_runner < %t.mlir | FileCheck %s
// RUN: env MGPU_HOST_THREADS=2 %offload_runner < %t.mlir | FileCheck %s

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c32 = arith.constant 32 : index
  %n = arith.constant 1001 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0 : i32
  %out = gpu.alloc host_shared () : memref<1001xi32>
  gpu.memset %out, %zero : memref<1001xi32>, i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c5, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c3, %sz = %c1) {
    %length = arith.constant 1001 : index
    %rows = arith.muli %bx, %sy : index
    %row = arith.addi %rows, %ty : index
    %row_start = arith.muli %row, %sx : index
    %first = arith.addi %row_start, %tx : index
    %block = arith.muli %sx, %sy : index
    %stride = arith.muli %block, %gx : index
    scf.for %i = %first to %length step %stride {
      %i32 = arith.index_cast %i : index to i32
      %twice = arith.addi %i32, %i32 : i32
      %one = arith.constant 1 : i32
      %value = arith.addi %twice, %one : i32
      %old = memref.load %out[%i] : memref<1001xi32>
      %new = arith.addi %old, %value : i32
      memref.store %new, %out[%i] : memref<1001xi32>
    }
    gpu.terminator
  }
  %wrong = scf.for %i = %c0 to %n step %c1 iter_args(%w = %zero) -> i32 {
    %i32 = arith.index_cast %i : index to i32
    %twice = arith.addi %i32, %i32 : i32
    %one = arith.constant 1 : i32
    %want = arith.addi %twice, %one : i32
    %got = memref.load %out[%i] : memref<1001xi32>
    %bad = arith.cmpi ne, %got, %want : i32
    %bad32 = arith.extui %bad : i1 to i32
    %w1 = arith.addi %w, %bad32 : i32
    scf.yield %w1 : i32
  }
  %summary = memref.alloca() : memref<3xi32>
  %first = memref.load %out[%c0] : memref<1001xi32>
  %last = memref.load %out[%c1000] : memref<1001xi32>
  memref.store %wrong, %summary[%c0] : memref<3xi32>
  memref.store %first, %summary[%c1] : memref<3xi32>
  memref.store %last, %summary[%c2] : memref<3xi32>
  %summary_u = memref.cast %summary : memref<3xi32> to memref<*xi32>
  // Wrong elements; out[0] = 1; out[1000] = 2001.
  // CHECK: [0, 1, 2001]
  call @printMemrefI32(%summary_u) : (memref<*xi32>) -> ()
  gpu.dealloc %out : memref<1001xi32>
  return
}
