//===- CountedLoops.h - Loops as the loops of their iterations' numbers ---===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSFORMS_COUNTEDLOOPS_H
#define OFFLOAD_TRANSFORMS_COUNTEDLOOPS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::offload {

/// Whether `loop`'s induction variable could step past the end of its type
/// before the loop ends: `i + step` of its last iteration above the
/// largest value its comparison knows. Upstream's lowerings compute
/// `i + step` in the type's width, so such a loop wraps and runs again from
/// the other end of the range (on a GPU, up to a driver's iteration limit
/// or forever). False where the step is the constant 1, or where the upper
/// bound and the step are constants that leave room in every width an
/// `index` can lower to.
bool mayStepPastEnd(scf::ForOp loop);

/// Replaces `loop` by the loop of its iterations' numbers,
/// `scf.for unsigned %k = 0 to count step 1`, with the induction variable
/// `lb + k * step` in its body and `count = lb < ub ? (ub - lb - 1) / step
/// + 1 : 0` in unsigned arithmetic, which is exact: the same iterations in
/// the same order, none of them wrapped. A step of 0 (which scf.for does
/// not allow) divides by 1.
void rewriteAsCountedLoop(scf::ForOp loop, RewriterBase &rewriter);

/// rewriteAsCountedLoop on every loop under `root` that mayStepPastEnd,
/// after making scf.for loops of each scf.forall and of each scf.parallel
/// (without reductions) that has a dimension which could wrap, as the
/// lowerings of scf.for would after this. The lowerings run it just before
/// they lower scf.for, so that each target runs exactly the iterations
/// lb <= i < ub of each loop.
void countLoopsThatMayWrap(Operation *root);

} // namespace mlir::offload

#endif // OFFLOAD_TRANSFORMS_COUNTEDLOOPS_H
