// Grid-stride loops whose indices reach the ends of their type, which the
// host target runs across the threads (docs/host-target.md): each thread
// must run exactly the iterations that its own `scf.for` has, lb <= i < n,
// none of them wrapped. Cases, each with the expected counts worked out by
// hand below (iterations of thread x: ceil((n - lb) / step) where lb < n,
// else none, with lb = base + x as the loop's own arithmetic wraps it):
//   - a halo, unsigned: i from blockIdx.x * 32 - 2 + threadIdx.x to 200,
//     step 64, in 2 blocks of 32; block 0's first two threads start at
//     2^64 - 2 and 2^64 - 1, above 200, and run nothing, the others from 0;
//   - a signed base of INT64_MAX - 10 and n = INT64_MIN + 5: threads 11 to
//     15 start at INT64_MIN to INT64_MIN + 4, below n, and run once;
//   - n = INT64_MAX - 3 and base = INT64_MAX - 100, steps of 64 and of 8:
//     thread x runs ceil((97 - x) / step) times, never past n (a wrapped i
//     is below n);
//   - the same unsigned, n = 2^64 - 4 and base = 2^64 - 101.
// The summary line is [visits of the 255 slots, visits of an i outside them].
// On the other targets, offload-count-loops-that-may-wrap gives each loop
// the same iterations.

func.func private @printMemrefI32(memref<*xi32>)

// Every thread's loop `for (i = base0 + blockIdx.x * blockDim.x + threadIdx.x; i < n;
// i += step)`: counts[global id] is how many iterations the thread
// ran, hits[min(i - off, 255)] how many times each i was visited (atomically:
// with steps below the block's size, threads visit the same i).
func.func @signed_loops(%base0: index, %n: index, %step: index, %off: index,
                  %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0 : i32
  %total = arith.muli %blocks, %threads : index
  %counts = gpu.alloc host_shared (%total) : memref<?xi32>
  %hits = gpu.alloc host_shared () : memref<256xi32>
  gpu.memset %hits, %zero : memref<256xi32>, i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1) {
    %one = arith.constant 1 : i32
    %none = arith.constant 0 : i32
    %c255 = arith.constant 255 : index
    %start = arith.muli %bx, %sx : index
    %base = arith.addi %base0, %start : index
    %first = arith.addi %base, %tx : index
    %runs = scf.for %i = %first to %n step %step iter_args(%k = %none) -> i32 {
      %j = arith.subi %i, %off : index
      %slot = arith.minui %j, %c255 : index
      %h = memref.atomic_rmw addi %one, %hits[%slot] : (i32, memref<256xi32>) -> i32
      %k1 = arith.addi %k, %one : i32
      scf.yield %k1 : i32
    }
    %g = gpu.global_id x
    memref.store %runs, %counts[%g] : memref<?xi32>
    gpu.terminator
  }
  %all = scf.for %s = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> i32 {
    %h = memref.load %hits[%s] : memref<256xi32>
    %acc1 = arith.addi %acc, %h : i32
    scf.yield %acc1 : i32
  }
  %c255 = arith.constant 255 : index
  %stray = memref.load %hits[%c255] : memref<256xi32>
  %summary = memref.alloca() : memref<2xi32>
  memref.store %all, %summary[%c0] : memref<2xi32>
  memref.store %stray, %summary[%c1] : memref<2xi32>
  %cu = memref.cast %counts : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%cu) : (memref<*xi32>) -> ()
  %su = memref.cast %summary : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%su) : (memref<*xi32>) -> ()
  return
}


// Every thread's loop `for (i = base0 + blockIdx.x * blockDim.x + threadIdx.x; i < n;
// i += step)` (unsigned): counts[global id] is how many iterations the thread
// ran, hits[min(i - off, 255)] how many times each i was visited (atomically:
// with steps below the block's size, threads visit the same i).
func.func @unsigned_loops(%base0: index, %n: index, %step: index, %off: index,
                  %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0 : i32
  %total = arith.muli %blocks, %threads : index
  %counts = gpu.alloc host_shared (%total) : memref<?xi32>
  %hits = gpu.alloc host_shared () : memref<256xi32>
  gpu.memset %hits, %zero : memref<256xi32>, i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1) {
    %one = arith.constant 1 : i32
    %none = arith.constant 0 : i32
    %c255 = arith.constant 255 : index
    %start = arith.muli %bx, %sx : index
    %base = arith.addi %base0, %start : index
    %first = arith.addi %base, %tx : index
    %runs = scf.for unsigned %i = %first to %n step %step iter_args(%k = %none) -> i32 {
      %j = arith.subi %i, %off : index
      %slot = arith.minui %j, %c255 : index
      %h = memref.atomic_rmw addi %one, %hits[%slot] : (i32, memref<256xi32>) -> i32
      %k1 = arith.addi %k, %one : i32
      scf.yield %k1 : i32
    }
    %g = gpu.global_id x
    memref.store %runs, %counts[%g] : memref<?xi32>
    gpu.terminator
  }
  %all = scf.for %s = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> i32 {
    %h = memref.load %hits[%s] : memref<256xi32>
    %acc1 = arith.addi %acc, %h : i32
    scf.yield %acc1 : i32
  }
  %c255 = arith.constant 255 : index
  %stray = memref.load %hits[%c255] : memref<256xi32>
  %summary = memref.alloca() : memref<2xi32>
  memref.store %all, %summary[%c0] : memref<2xi32>
  memref.store %stray, %summary[%c1] : memref<2xi32>
  %cu = memref.cast %counts : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%cu) : (memref<*xi32>) -> ()
  %su = memref.cast %summary : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%su) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c200 = arith.constant 200 : index
  %minus2 = arith.constant -2 : index
  call @unsigned_loops(%minus2, %c200, %c64, %c0, %c2, %c32)
      : (index, index, index, index, index, index) -> ()
  // CHECK: {{\[}}0,  0,  4,  4,  4,  4,  4,  4,  4,  4,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3]
  // 200 less the 6 i with i % 64 of 62 or 63, which no thread starts at.
  // CHECK: {{\[}}194,  0]

  %smax_less10 = arith.constant 9223372036854775797 : index
  %smin_plus5 = arith.constant -9223372036854775803 : index
  %smin = arith.constant -9223372036854775808 : index
  call @signed_loops(%smax_less10, %smin_plus5, %c32, %smin, %c1, %c32)
      : (index, index, index, index, index, index) -> ()
  // CHECK: {{\[}}0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  1,  1,  1,  1,  1,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
  // CHECK: {{\[}}5,  0]

  %smax_less100 = arith.constant 9223372036854775707 : index
  %smax_less3 = arith.constant 9223372036854775804 : index
  call @signed_loops(%smax_less100, %smax_less3, %c64, %smax_less100, %c1, %c64)
      : (index, index, index, index, index, index) -> ()
  // CHECK: {{\[}}2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1]
  // CHECK: {{\[}}97,  0]
  call @signed_loops(%smax_less100, %smax_less3, %c8, %smax_less100, %c1, %c64)
      : (index, index, index, index, index, index) -> ()
  // CHECK: {{\[}}13,  12,  12,  12,  12,  12,  12,  12,  12,  11,  11,  11,  11,  11,  11,  11,  11,  10,  10,  10,  10,  10,  10,  10,  10,  9,  9,  9,  9,  9,  9,  9,  9,  8,  8,  8,  8,  8,  8,  8,  8,  7,  7,  7,  7,  7,  7,  7,  7,  6,  6,  6,  6,  6,  6,  6,  6,  5,  5,  5,  5,  5,  5,  5]
  // CHECK: {{\[}}552,  0]

  %umax_less100 = arith.constant -101 : index
  %umax_less3 = arith.constant -4 : index
  call @unsigned_loops(%umax_less100, %umax_less3, %c64, %umax_less100, %c1, %c64)
      : (index, index, index, index, index, index) -> ()
  // CHECK: {{\[}}2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1]
  // CHECK: {{\[}}97,  0]
  call @unsigned_loops(%umax_less100, %umax_less3, %c8, %umax_less100, %c1, %c64)
      : (index, index, index, index, index, index) -> ()
  // CHECK: {{\[}}13,  12,  12,  12,  12,  12,  12,  12,  12,  11,  11,  11,  11,  11,  11,  11,  11,  10,  10,  10,  10,  10,  10,  10,  10,  9,  9,  9,  9,  9,  9,  9,  9,  8,  8,  8,  8,  8,  8,  8,  8,  7,  7,  7,  7,  7,  7,  7,  7,  6,  6,  6,  6,  6,  6,  6,  6,  5,  5,  5,  5,  5,  5,  5]
  // CHECK: {{\[}}552,  0]
  return
}
