//===- ApproximatedMath.cpp - Math that math-to-llvm approximates ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/common/ApproximatedMath.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

bool mlir::offload::isApproximatedByMathToLLVM(Operation *op) {
  return isa<math::ExpM1Op, math::Log1pOp>(op);
}

LogicalResult mlir::offload::callLibmForApproximatedMath(Operation *root) {
  SmallVector<Operation *> approximated;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::GPUModuleOp>(op))
      return WalkResult::skip();
    if (isApproximatedByMathToLLVM(op))
      approximated.push_back(op);
    return WalkResult::advance();
  });
  if (approximated.empty())
    return success();
  RewritePatternSet patterns(root->getContext());
  populateMathToLibmConversionPatterns(patterns);
  // Only on those ops and the ones their rewrites make (a vector's
  // elements): the rest of the math is math-to-llvm's, as upstream lowers
  // it.
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  return applyOpPatternsGreedily(approximated, std::move(patterns), config);
}
