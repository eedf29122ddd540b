//===- ExactTripCounts.cpp - Loops whose trip count folding gets wrong ----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "transforms/CountedLoops.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-exact-trip-counts"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADEXACTTRIPCOUNTS
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

namespace {
/// What is known of a loop's number of iterations from its constant
/// operands, in exact arithmetic.
struct KnownTrips {
  /// The number, where bounds and step are constants.
  std::optional<APInt> count;
  /// Whether it runs at least once, where the bounds are constants.
  bool runs = false;
};
} // namespace

static KnownTrips getKnownTrips(scf::ForOp loop) {
  APInt lb, ub, step;
  bool constantBounds =
      matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) &&
      matchPattern(loop.getUpperBound(), m_ConstantInt(&ub));
  if (!constantBounds)
    return {};
  bool isUnsigned = loop.getUnsignedCmp();
  KnownTrips known;
  known.runs = isUnsigned ? lb.ult(ub) : lb.slt(ub);
  if (!known.runs) {
    known.count = APInt::getZero(lb.getBitWidth());
    return known;
  }
  if (!matchPattern(loop.getStep(), m_ConstantInt(&step)) || step.isZero())
    return known;
  // lb < ub: ub - lb is exact as an unsigned number of the bounds' width,
  // and so is the quotient.
  APInt span = ub - lb;
  known.count = llvm::APIntOps::RoundingUDiv(span, step, APInt::Rounding::UP);
  return known;
}

/// Whether upstream's trip count of `loop` is one that folding must not use:
/// claimed where it is not the exact count.
static bool hasWrongStaticTripCount(scf::ForOp loop) {
  std::optional<APInt> claimed = loop.getStaticTripCount();
  if (!claimed)
    return false;
  APInt step;
  // A signed loop whose step is not positive has no meaning (scf.for's
  // step is positive); its count is left to upstream.
  if (!loop.getUnsignedCmp() &&
      matchPattern(loop.getStep(), m_ConstantInt(&step)) &&
      !step.isStrictlyPositive())
    return false;
  KnownTrips known = getKnownTrips(loop);
  if (known.count)
    return *known.count != *claimed;
  // Without every operand constant, upstream claims only counts of 0: from a
  // step whose sign bit is set, or from ub - lb overflowing. Right only if
  // the bounds are constants and the loop does not run.
  if (known.runs)
    return true;
  return loop.getUnsignedCmp() &&
         matchPattern(loop.getStep(), m_ConstantInt(&step)) &&
         step.isNegative();
}

namespace {
struct ExactTripCountsPass
    : public offload::impl::OffloadExactTripCountsBase<ExactTripCountsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (hasWrongStaticTripCount(loop))
        loops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops) {
      LLVM_DEBUG(llvm::dbgs() << "counting the iterations of the loop at "
                              << loop.getLoc() << " exactly\n");
      offload::rewriteAsCountedLoop(loop, rewriter);
    }
  }
};
} // namespace
