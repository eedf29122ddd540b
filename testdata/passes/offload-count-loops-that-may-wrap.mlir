// offload-count-loops-that-may-wrap: an scf.for whose last `i + step`
// could be past the largest value its comparison knows (upstream's
// lowerings wrap it, and the loop runs again from the other end of the
// range) becomes the loop of its iterations' numbers, 0 to its exact
// count; a loop that cannot wrap is left as it is. The lowerings run it
// before they lower scf.for; integration/loops-at-type-ends.mlir and
// integration/grid-stride-edges.mlir run such loops on every target.
//
// RUN: offload-opt %s --offload-count-loops-that-may-wrap | FileCheck %s
// A counted loop steps by 1 and is left alone the second time:
// RUN: offload-opt %s --offload-count-loops-that-may-wrap --offload-count-loops-that-may-wrap | FileCheck %s

func.func private @use(i64)
func.func private @use_index(index)
func.func private @use_i32(i32)

// A constant step above 1 and an upper bound known at run time only: from
// MAX - 2 by 4, i + 4 wraps.
// CHECK-LABEL: func.func @constant_step
// CHECK-SAME: (%[[LB:.*]]: i64, %[[UB:.*]]: i64)
// CHECK-DAG: %[[STEP:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : i64
// CHECK-NOT: arith.maxui
// CHECK: %[[SPAN:.*]] = arith.subi %[[UB]], %[[LB]] : i64
// CHECK: %[[SPAN1:.*]] = arith.subi %[[SPAN]], %[[ONE]] : i64
// CHECK: %[[QUOTIENT:.*]] = arith.divui %[[SPAN1]], %[[STEP]] : i64
// CHECK: %[[TRIPS:.*]] = arith.addi %[[QUOTIENT]], %[[ONE]] : i64
// CHECK: %[[COUNT:.*]] = arith.select %[[RUNS]], %[[TRIPS]], %[[ZERO]] : i64
// CHECK: scf.for unsigned %[[K:.*]] = %[[ZERO]] to %[[COUNT]] step %[[ONE]] : i64 {
// CHECK:   %[[OFFSET:.*]] = arith.muli %[[K]], %[[STEP]] : i64
// CHECK:   %[[IV:.*]] = arith.addi %[[LB]], %[[OFFSET]] : i64
// CHECK:   func.call @use(%[[IV]])
func.func @constant_step(%lb: i64, %ub: i64) {
  %step = arith.constant 4 : i64
  scf.for %i = %lb to %ub step %step : i64 {
    func.call @use(%i) : (i64) -> ()
  }
  return
}

// A step known at run time only (a grid-stride loop's): divided by at
// least 1, since a step of 0 has no meaning but must not trap. The loop's
// results and unsigned comparison carry over.
// CHECK-LABEL: func.func @dynamic_step
// CHECK-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index, %[[INIT:.*]]: index)
// CHECK: %[[RUNS:.*]] = arith.cmpi ult, %[[LB]], %[[UB]] : index
// CHECK: %[[DIVISOR:.*]] = arith.maxui %[[STEP]], %[[ONE:.*]] : index
// CHECK: arith.divui %{{.*}}, %[[DIVISOR]] : index
// CHECK: %[[LAST:.*]] = scf.for unsigned %[[K:.*]] = %{{.*}} to %{{.*}} step %[[ONE]] iter_args(%[[PREV:.*]] = %[[INIT]]) -> (index) {
// CHECK:   %[[OFFSET:.*]] = arith.muli %[[K]], %[[STEP]] : index
// CHECK:   %[[IV:.*]] = arith.addi %[[LB]], %[[OFFSET]] : index
// CHECK:   scf.yield %[[IV]] : index
// CHECK: return %[[LAST]]
func.func @dynamic_step(%lb: index, %ub: index, %step: index, %init: index) -> index {
  %last = scf.for unsigned %i = %lb to %ub step %step iter_args(%prev = %init) -> (index) {
    scf.yield %i : index
  }
  return %last : index
}

// Constant bounds at the top of the range: from anything below MAX - 1 by
// 4, the last i + 4 is past MAX.
// CHECK-LABEL: func.func @constant_bound_near_max
// CHECK: arith.divui
// CHECK: scf.for unsigned
func.func @constant_bound_near_max(%lb: i64) {
  %ub = arith.constant 9223372036854775806 : i64
  %step = arith.constant 4 : i64
  scf.for %i = %lb to %ub step %step : i64 {
    func.call @use(%i) : (i64) -> ()
  }
  return
}

// An index may lower to 32 bits (Vulkan without Int64): 2^31 - 2 + 3 is
// past the 32-bit maximum, though not the 64-bit one.
// CHECK-LABEL: func.func @index_near_32_bit_max
// CHECK: arith.divui
// CHECK: scf.for unsigned
func.func @index_near_32_bit_max(%lb: index) {
  %ub = arith.constant 2147483646 : index
  %step = arith.constant 4 : index
  scf.for %i = %lb to %ub step %step {
    func.call @use_index(%i) : (index) -> ()
  }
  return
}

// An unsigned i32 loop up to 2^32 - 8: by 9, the last i (2^32 - 9 at
// most) + 9 wraps to 0; by 8, it is at most 2^32 - 1.
// CHECK-LABEL: func.func @unsigned_near_max
// CHECK-DAG: %[[NINE:.*]] = arith.constant 9 : i32
// CHECK-DAG: %[[EIGHT:.*]] = arith.constant 8 : i32
// CHECK: arith.divui %{{.*}}, %[[NINE]] : i32
// CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NOT: arith.divui
// CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %[[EIGHT]] : i32 {
// CHECK-NOT: arith.divui
// CHECK: return
func.func @unsigned_near_max(%lb: i32) {
  %ub = arith.constant -8 : i32
  %nine = arith.constant 9 : i32
  %eight = arith.constant 8 : i32
  scf.for unsigned %i = %lb to %ub step %nine : i32 {
    func.call @use_i32(%i) : (i32) -> ()
  }
  scf.for unsigned %i = %lb to %ub step %eight : i32 {
    func.call @use_i32(%i) : (i32) -> ()
  }
  return
}

// An index up to 2^63 - 2 by 4 wraps at 64 bits (not at 32, where the
// bound's low bits are -2).
// CHECK-LABEL: func.func @index_near_64_bit_max
// CHECK: arith.divui
// CHECK: scf.for unsigned
func.func @index_near_64_bit_max(%lb: index) {
  %ub = arith.constant 9223372036854775806 : index
  %step = arith.constant 4 : index
  scf.for %i = %lb to %ub step %step {
    func.call @use_index(%i) : (index) -> ()
  }
  return
}

// A scf.parallel whose dimension could wrap becomes nested scf.for loops
// (as convert-scf-to-cf would make them), counted; one that cannot stays.
// CHECK-LABEL: func.func @parallel
// CHECK: arith.divui
// CHECK: scf.for unsigned
// CHECK: scf.parallel
// CHECK-NOT: arith.divui
// CHECK: return
func.func @parallel(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%lb) to (%ub) step (%c4) {
    func.call @use_index(%i) : (index) -> ()
    scf.reduce
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%c1) {
    func.call @use_index(%i) : (index) -> ()
    scf.reduce
  }
  return
}

// Loops that cannot wrap stay: a step of 1 (i < ub, so i + 1 is at most
// the maximum), a constant bound and step that leave room in 32 and 64
// bits, a signed loop whose step is not positive (no meaning), and one
// below a negative bound.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: arith.divui
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK-NOT: arith.divui
// CHECK: return
func.func @left_alone(%lb: i64, %ub: i64, %lbIndex: index) {
  %one = arith.constant 1 : i64
  %minusTwo = arith.constant -2 : i64
  %ub100 = arith.constant 100 : index
  %four = arith.constant 4 : index
  scf.for %i = %lb to %ub step %one : i64 {
    func.call @use(%i) : (i64) -> ()
  }
  scf.for unsigned %i = %lb to %ub step %one : i64 {
    func.call @use(%i) : (i64) -> ()
  }
  scf.for %i = %lbIndex to %ub100 step %four {
    func.call @use_index(%i) : (index) -> ()
  }
  scf.for %i = %lb to %ub step %minusTwo : i64 {
    func.call @use(%i) : (i64) -> ()
  }
  // Below a negative bound, by 4: at most -2.
  %minusFive = arith.constant -5 : i64
  %fourI64 = arith.constant 4 : i64
  scf.for %i = %lb to %minusFive step %fourI64 : i64 {
    func.call @use(%i) : (i64) -> ()
  }
  return
}
