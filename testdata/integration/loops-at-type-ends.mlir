// Loops whose last `i + step` is past the largest value of their type
// (passes/offload-count-loops-that-may-wrap.mlir): each runs exactly the
// iterations lb <= i < ub, on every target, in kernels and in host code.
// Upstream's lowerings compute `i + step` in the type's width, so each of
// these wrapped to the other end of its range and ran again. Bounds and
// steps come from memory, so that nothing folds them. Each case gives
// [its count of iterations, its last i]; the answers are worked out by
// hand below (MAX = 2^63 - 1). Each case is a launch of its own: in one
// kernel, lavapipe runs a loop after one whose trip count takes the
// constant MAX only once (docs/vulkan-target.md).
//
// Runs on every target (lit.local.cfg).

func.func private @printMemrefI64(memref<*xi64>)

// Kernels, in order:
//   - signed i64 from MAX - 10 to MAX by 4: MAX - 10, MAX - 6, MAX - 2;
//   - unsigned index from 2^64 - 10 to 2^64 - 1 by 5 (at run time):
//     2^64 - 10, 2^64 - 5 (printed as -5);
//   - signed i32 from 2147483600 to 2147483647 by 16 (at run time):
//     2147483600, 2147483616, 2147483632;
//   - signed i64 from MAX - 7 to the constant MAX by 3: MAX - 7, MAX - 4,
//     MAX - 1;
//   - signed i64 from -5 to MAX by 2^62 (at run time): -5, 2^62 - 5,
//     2^63 - 5;
//   - signed index from 0 to 9 by 2: 0, 2, 4, 6, 8.
// CHECK: [3, 9223372036854775805, 2, -5, 3, 2147483632, 3, 9223372036854775806, 3, 9223372036854775803, 5, 8]
// Host code, the first case again:
// CHECK: [3, 9223372036854775805]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %params = gpu.alloc host_shared () : memref<11xi64>
  %values = arith.constant dense<[9223372036854775797, 9223372036854775807, -10, -1, 5,
                                  9223372036854775800, 4611686018427387904, 9,
                                  2147483600, 2147483647, 16]> : vector<11xi64>
  vector.store %values, %params[%c0] : memref<11xi64>, vector<11xi64>
  %out = gpu.alloc host_shared () : memref<12xi64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k6 = arith.constant 6 : index
    %k7 = arith.constant 7 : index
    %k8 = arith.constant 8 : index
    %k9 = arith.constant 9 : index
    %k10 = arith.constant 10 : index
    %k11 = arith.constant 11 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %max = arith.constant 9223372036854775807 : i64
    %four = arith.constant 4 : i64
    %three = arith.constant 3 : i64
    %two = arith.constant 2 : index

    %lbA = memref.load %params[%k0] : memref<11xi64>
    %ubA = memref.load %params[%k1] : memref<11xi64>
    %a:2 = scf.for %i = %lbA to %ubA step %four iter_args(%n = %zero, %last = %zero) -> (i64, i64) : i64 {
      %n1 = arith.addi %n, %one : i64
      scf.yield %n1, %i : i64, i64
    }
    memref.store %a#0, %out[%k0] : memref<12xi64>
    memref.store %a#1, %out[%k1] : memref<12xi64>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k6 = arith.constant 6 : index
    %k7 = arith.constant 7 : index
    %k8 = arith.constant 8 : index
    %k9 = arith.constant 9 : index
    %k10 = arith.constant 10 : index
    %k11 = arith.constant 11 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %max = arith.constant 9223372036854775807 : i64
    %four = arith.constant 4 : i64
    %three = arith.constant 3 : i64
    %two = arith.constant 2 : index

    %lbB64 = memref.load %params[%k2] : memref<11xi64>
    %ubB64 = memref.load %params[%k3] : memref<11xi64>
    %stepB64 = memref.load %params[%k4] : memref<11xi64>
    %lbB = arith.index_cast %lbB64 : i64 to index
    %ubB = arith.index_cast %ubB64 : i64 to index
    %stepB = arith.index_cast %stepB64 : i64 to index
    %b:2 = scf.for unsigned %i = %lbB to %ubB step %stepB iter_args(%n = %zero, %last = %k0) -> (i64, index) {
      %n1 = arith.addi %n, %one : i64
      scf.yield %n1, %i : i64, index
    }
    %bLast = arith.index_cast %b#1 : index to i64
    memref.store %b#0, %out[%k2] : memref<12xi64>
    memref.store %bLast, %out[%k3] : memref<12xi64>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k6 = arith.constant 6 : index
    %k7 = arith.constant 7 : index
    %k8 = arith.constant 8 : index
    %k9 = arith.constant 9 : index
    %k10 = arith.constant 10 : index
    %k11 = arith.constant 11 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %max = arith.constant 9223372036854775807 : i64
    %four = arith.constant 4 : i64
    %three = arith.constant 3 : i64
    %two = arith.constant 2 : index

    %lbC64 = memref.load %params[%k8] : memref<11xi64>
    %ubC64 = memref.load %params[%k9] : memref<11xi64>
    %stepC64 = memref.load %params[%k10] : memref<11xi64>
    %lbC = arith.trunci %lbC64 : i64 to i32
    %ubC = arith.trunci %ubC64 : i64 to i32
    %stepC = arith.trunci %stepC64 : i64 to i32
    %zero32 = arith.constant 0 : i32
    %c:2 = scf.for %i = %lbC to %ubC step %stepC iter_args(%n = %zero, %last = %zero32) -> (i64, i32) : i32 {
      %n1 = arith.addi %n, %one : i64
      scf.yield %n1, %i : i64, i32
    }
    %cLast = arith.extsi %c#1 : i32 to i64
    memref.store %c#0, %out[%k4] : memref<12xi64>
    memref.store %cLast, %out[%k5] : memref<12xi64>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k6 = arith.constant 6 : index
    %k7 = arith.constant 7 : index
    %k8 = arith.constant 8 : index
    %k9 = arith.constant 9 : index
    %k10 = arith.constant 10 : index
    %k11 = arith.constant 11 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %max = arith.constant 9223372036854775807 : i64
    %four = arith.constant 4 : i64
    %three = arith.constant 3 : i64
    %two = arith.constant 2 : index

    %lbD = memref.load %params[%k5] : memref<11xi64>
    %d:2 = scf.for %i = %lbD to %max step %three iter_args(%n = %zero, %last = %zero) -> (i64, i64) : i64 {
      %n1 = arith.addi %n, %one : i64
      scf.yield %n1, %i : i64, i64
    }
    memref.store %d#0, %out[%k6] : memref<12xi64>
    memref.store %d#1, %out[%k7] : memref<12xi64>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k6 = arith.constant 6 : index
    %k7 = arith.constant 7 : index
    %k8 = arith.constant 8 : index
    %k9 = arith.constant 9 : index
    %k10 = arith.constant 10 : index
    %k11 = arith.constant 11 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %max = arith.constant 9223372036854775807 : i64
    %four = arith.constant 4 : i64
    %three = arith.constant 3 : i64
    %two = arith.constant 2 : index

    %lbE = arith.constant -5 : i64
    %stepE = memref.load %params[%k6] : memref<11xi64>
    %e:2 = scf.for %i = %lbE to %max step %stepE iter_args(%n = %zero, %last = %zero) -> (i64, i64) : i64 {
      %n1 = arith.addi %n, %one : i64
      scf.yield %n1, %i : i64, i64
    }
    memref.store %e#0, %out[%k8] : memref<12xi64>
    memref.store %e#1, %out[%k9] : memref<12xi64>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k6 = arith.constant 6 : index
    %k7 = arith.constant 7 : index
    %k8 = arith.constant 8 : index
    %k9 = arith.constant 9 : index
    %k10 = arith.constant 10 : index
    %k11 = arith.constant 11 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %max = arith.constant 9223372036854775807 : i64
    %four = arith.constant 4 : i64
    %three = arith.constant 3 : i64
    %two = arith.constant 2 : index

    %ubG64 = memref.load %params[%k7] : memref<11xi64>
    %ubG = arith.index_cast %ubG64 : i64 to index
    %g:2 = scf.for %i = %k0 to %ubG step %two iter_args(%n = %zero, %last = %k0) -> (i64, index) {
      %n1 = arith.addi %n, %one : i64
      scf.yield %n1, %i : i64, index
    }
    %gLast = arith.index_cast %g#1 : index to i64
    memref.store %g#0, %out[%k10] : memref<12xi64>
    memref.store %gLast, %out[%k11] : memref<12xi64>
    gpu.terminator
  }
  %u = memref.cast %out : memref<12xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()

  // Host code: the first case.
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %four = arith.constant 4 : i64
  %lbA = memref.load %params[%c0] : memref<11xi64>
  %ubA = memref.load %params[%c1] : memref<11xi64>
  %a:2 = scf.for %i = %lbA to %ubA step %four iter_args(%n = %zero, %last = %zero) -> (i64, i64) : i64 {
    %n1 = arith.addi %n, %one : i64
    scf.yield %n1, %i : i64, i64
  }
  %host = memref.alloca() : memref<2xi64>
  memref.store %a#0, %host[%c0] : memref<2xi64>
  memref.store %a#1, %host[%c1] : memref<2xi64>
  %h = memref.cast %host : memref<2xi64> to memref<*xi64>
  call @printMemrefI64(%h) : (memref<*xi64>) -> ()
  return
}
