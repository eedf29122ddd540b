//===- CountedLoops.cpp - Loops as the loops of their iterations' numbers -===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "transforms/CountedLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-counted-loops"

using namespace mlir;

/// Whether `i + step` stays within `width` bits for every `i < ub`, as the
/// loop compares (signed or not).
static bool leavesRoom(APInt ub, APInt step, unsigned width, bool isUnsigned) {
  // The constants of an `index` are 64 bits wide; a 32-bit lowering keeps
  // their low bits.
  ub = ub.sextOrTrunc(width);
  step = step.sextOrTrunc(width);
  bool overflow = false;
  // The last iteration's i is at most ub - 1: i + step <= ub - 1 + step.
  APInt stepLessOne = step - 1;
  if (isUnsigned)
    (void)ub.uadd_ov(stepLessOne, overflow);
  else
    (void)ub.sadd_ov(stepLessOne, overflow);
  return !overflow;
}

/// Whether a loop up to `upperBound` by `stepValue`, compared signed or not,
/// could step past the end of its type.
static bool mayStepPastEnd(Value upperBound, Value stepValue, bool isUnsigned) {
  APInt step, ub;
  bool constantStep = matchPattern(stepValue, m_ConstantInt(&step));
  // i < ub <= the largest value, so i + 1 is at most that value.
  if (constantStep && step.isOne())
    return false;
  // A signed loop with a step that is not positive has no meaning.
  if (constantStep && !isUnsigned && !step.isStrictlyPositive())
    return false;
  if (!constantStep || !matchPattern(upperBound, m_ConstantInt(&ub)))
    return true;
  Type type = upperBound.getType();
  if (type.isIndex())
    return !leavesRoom(ub, step, 32, isUnsigned) ||
           !leavesRoom(ub, step, 64, isUnsigned);
  return !leavesRoom(ub, step, type.getIntOrFloatBitWidth(), isUnsigned);
}

bool mlir::offload::mayStepPastEnd(scf::ForOp loop) {
  return ::mayStepPastEnd(loop.getUpperBound(), loop.getStep(),
                          loop.getUnsignedCmp());
}

void mlir::offload::rewriteAsCountedLoop(scf::ForOp loop,
                                         RewriterBase &rewriter) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  Value step = loop.getStep();
  Type type = lb.getType();
  Value zero =
      arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(type));
  Value one =
      arith::ConstantOp::create(rewriter, loc, rewriter.getOneAttr(type));
  Value runs =
      arith::CmpIOp::create(rewriter, loc,
                            loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                            lb, ub);
  // Where lb < ub, 1 <= ub - lb exactly, and ceil((ub - lb) / step) is
  // (ub - lb - 1) / step + 1 (no target lacks an unsigned division). A
  // constant step needs no guard against 0.
  APInt constantStep;
  Value divisor = step;
  if (!matchPattern(step, m_ConstantInt(&constantStep)) ||
      constantStep.isZero())
    divisor = arith::MaxUIOp::create(rewriter, loc, step, one);
  Value span = arith::SubIOp::create(rewriter, loc, ub, lb);
  Value spanLessOne = arith::SubIOp::create(rewriter, loc, span, one);
  Value trips = arith::AddIOp::create(
      rewriter, loc,
      arith::DivUIOp::create(rewriter, loc, spanLessOne, divisor), one);
  Value count = arith::SelectOp::create(rewriter, loc, runs, trips, zero);
  auto counted = scf::ForOp::create(rewriter, loc, zero, count, one,
                                    loop.getInitArgs(), /*bodyBuilder=*/nullptr,
                                    /*unsignedCmp=*/true);
  // Loop annotations (unrolling) stay with the loop.
  counted->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  Block *body = counted.getBody();
  if (body->mightHaveTerminator())
    rewriter.eraseOp(body->getTerminator());
  rewriter.setInsertionPointToStart(body);
  // k * step < ub - lb: exact, and so is lb + k * step.
  Value iv = arith::AddIOp::create(
      rewriter, loc, lb,
      arith::MulIOp::create(rewriter, loc, counted.getInductionVar(), step));
  SmallVector<Value> arguments = {iv};
  llvm::append_range(arguments, counted.getRegionIterArgs());
  rewriter.mergeBlocks(loop.getBody(), body, arguments);
  rewriter.replaceOp(loop, counted.getResults());
}

void mlir::offload::countLoopsThatMayWrap(Operation *root) {
  IRRewriter rewriter(root->getContext());
  // The lowerings of scf.parallel and scf.forall make scf.for loops of each
  // dimension, after this: those that could wrap become them now.
  SmallVector<scf::ForallOp> foralls;
  SmallVector<scf::ParallelOp> parallels;
  root->walk([&](Operation *op) {
    if (auto forall = dyn_cast<scf::ForallOp>(op);
        forall && !forall.getNumResults())
      foralls.push_back(forall);
    auto parallel = dyn_cast<scf::ParallelOp>(op);
    if (parallel && !parallel.getNumResults() &&
        llvm::any_of(llvm::zip(parallel.getUpperBound(), parallel.getStep()),
                     [](auto dimension) {
                       return ::mayStepPastEnd(std::get<0>(dimension),
                                               std::get<1>(dimension),
                                               /*isUnsigned=*/false);
                     }))
      parallels.push_back(parallel);
  });
  for (scf::ForallOp forall : foralls) {
    rewriter.setInsertionPoint(forall);
    (void)scf::forallToForLoop(rewriter, forall);
  }
  for (scf::ParallelOp parallel : parallels) {
    rewriter.setInsertionPoint(parallel);
    (void)scf::parallelForToNestedFors(rewriter, parallel);
  }
  SmallVector<scf::ForOp> loops;
  root->walk([&](scf::ForOp loop) {
    if (mayStepPastEnd(loop))
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops) {
    LLVM_DEBUG(llvm::dbgs() << "counting the iterations of the loop at "
                            << loop.getLoc() << ": it could wrap\n");
    rewriteAsCountedLoop(loop, rewriter);
  }
}
