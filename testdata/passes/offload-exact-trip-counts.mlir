// offload-exact-trip-counts: an scf.for whose trip count MLIR 22 claims
// wrongly (a constant step with the sign bit set in an unsigned loop, taken
// for a negative one; constant bounds more than the signed maximum apart,
// whose difference overflows) becomes the loop of its iterations' numbers,
// with the same iterations in exact arithmetic; a loop whose claimed count
// is right, or that claims none, is left alone. Canonicalization after it
// keeps each loop (before it, it erased them all: the second RUN line).
// integration/loop-trip-counts.mlir runs them.
//
// RUN: offload-opt %s --offload-exact-trip-counts | FileCheck %s
// RUN: offload-opt %s --offload-exact-trip-counts --canonicalize | FileCheck %s --check-prefix=KEPT
// RUN: offload-opt %s --canonicalize | FileCheck %s --check-prefix=UPSTREAM

func.func private @use(i64)
func.func private @use_index(index)

// Bounds 2^63 + 69 apart, a step known at run time only: upstream counts 0.
// CHECK-LABEL: func.func @wide_span
// CHECK-SAME: (%[[STEP:.*]]: i64)
// CHECK-DAG: %[[LB:.*]] = arith.constant -9223372036854775739 : i64
// CHECK-DAG: %[[UB:.*]] = arith.constant 69 : i64
// CHECK-DAG: %[[INIT:.*]] = arith.constant 0 : i64
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : i64
// A step of 0 (which scf.for does not allow) divides by 1.
// CHECK: %[[DIVISOR:.*]] = arith.maxui %[[STEP]], %[[ONE:.*]] : i64
// CHECK: %[[SPAN:.*]] = arith.subi %[[UB]], %[[LB]] : i64
// CHECK: %[[SPAN1:.*]] = arith.subi %[[SPAN]], %[[ONE]] : i64
// CHECK: %[[QUOTIENT:.*]] = arith.divui %[[SPAN1]], %[[DIVISOR]] : i64
// CHECK: %[[TRIPS:.*]] = arith.addi %[[QUOTIENT]], %[[ONE]] : i64
// CHECK: %[[COUNT:.*]] = arith.select %[[RUNS]], %[[TRIPS]], %[[ZERO:.*]] : i64
// CHECK: %[[SUM:.*]] = scf.for unsigned %[[K:.*]] = %[[ZERO]] to %[[COUNT]] step %[[ONE]] iter_args(%[[ACC:.*]] = %[[INIT]]) -> (i64) {{ *}}: i64 {
// CHECK:   %[[OFFSET:.*]] = arith.muli %[[K]], %[[STEP]] : i64
// CHECK:   %[[IV:.*]] = arith.addi %[[LB]], %[[OFFSET]] : i64
// CHECK:   func.call @use(%[[IV]])
// CHECK:   %[[NEXT:.*]] = arith.addi %[[ACC]], %{{.*}} : i64
// CHECK:   scf.yield %[[NEXT]] : i64
// CHECK: return %[[SUM]]
// KEPT-LABEL: func.func @wide_span
// KEPT: scf.for unsigned
// UPSTREAM-LABEL: func.func @wide_span
// UPSTREAM-NOT: scf.for
// UPSTREAM: return %c0_i64
func.func @wide_span(%step: i64) -> i64 {
  %lb = arith.constant -9223372036854775739 : i64
  %ub = arith.constant 69 : i64
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %n = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero) -> (i64) : i64 {
    func.call @use(%i) : (i64) -> ()
    %next = arith.addi %acc, %one : i64
    scf.yield %next : i64
  }
  return %n : i64
}

// The same with a constant step (2^62): two iterations, which folding
// counts once the loop counts them.
// KEPT-LABEL: func.func @wide_span_constant_step
// KEPT: %[[C2:.*]] = arith.constant 2 : i64
// KEPT: scf.for unsigned %{{.*}} = %{{.*}} to %[[C2]]
// UPSTREAM-LABEL: func.func @wide_span_constant_step
// UPSTREAM-NOT: scf.for
func.func @wide_span_constant_step() {
  %lb = arith.constant -9223372036854775739 : i64
  %ub = arith.constant 69 : i64
  %step = arith.constant 4611686018427387904 : i64
  scf.for %i = %lb to %ub step %step : i64 {
    func.call @use(%i) : (i64) -> ()
  }
  return
}

// An unsigned loop whose step has the sign bit set: a step of 2^64 - 5,
// one iteration from 0 (or none, from above 100).
// CHECK-LABEL: func.func @unsigned_sign_bit_step
// CHECK: arith.cmpi ult
// CHECK: scf.for unsigned
// KEPT-LABEL: func.func @unsigned_sign_bit_step
// KEPT: scf.for unsigned
// UPSTREAM-LABEL: func.func @unsigned_sign_bit_step
// UPSTREAM-NOT: scf.for
func.func @unsigned_sign_bit_step(%lb: index) {
  %ub = arith.constant 100 : index
  %step = arith.constant -5 : index
  scf.for unsigned %i = %lb to %ub step %step {
    func.call @use_index(%i) : (index) -> ()
  }
  return
}

// Counts upstream gets right are left alone: none claimed, 0 claimed for a
// loop that does not run, and a constant count.
// CHECK-LABEL: func.func @left_alone
// UPSTREAM-LABEL: func.func @left_alone
// CHECK-NOT: arith.divui
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i64
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i64
// CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i64
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i64
func.func @left_alone(%lb: i64, %ub: i64, %step: i64) {
  %c10 = arith.constant 10 : i64
  %c3 = arith.constant 3 : i64
  %min = arith.constant -9223372036854775808 : i64
  %max = arith.constant 9223372036854775807 : i64
  scf.for %i = %lb to %ub step %step : i64 {
    func.call @use(%i) : (i64) -> ()
  }
  // Upstream claims 0, rightly: 10 is not below 3.
  scf.for %i = %c10 to %c3 step %step : i64 {
    func.call @use(%i) : (i64) -> ()
  }
  // Unsigned, MIN as 2^63 to MAX: no iteration, as claimed.
  scf.for unsigned %i = %min to %max step %c3 : i64 {
    func.call @use(%i) : (i64) -> ()
  }
  // 3 to 10 step 3: 3 iterations, as claimed.
  scf.for %i = %c3 to %c10 step %c3 : i64 {
    func.call @use(%i) : (i64) -> ()
  }
  return
}
