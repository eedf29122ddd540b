//===- HostVectorLowering.cpp - Vector ops as a CPU has them --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/HostVectorLowering.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

void mlir::offload::lowerVectorOpsForHost(gpu::GPUModuleOp module) {
  MLIRContext *context = module.getContext();
  // Transfers of more than one dimension as 1-D ones, unrolled (a loop
  // would keep the vector in a private buffer of each thread), their
  // indices computed with arith (VectorToSCF makes affine.apply).
  {
    RewritePatternSet patterns(context);
    populateVectorToSCFConversionPatterns(
        patterns, VectorTransferToSCFOptions().enableFullUnroll());
    populateAffineToStdConversionPatterns(patterns);
    (void)applyPatternsGreedily(module, std::move(patterns));
  }
  // What convert-vector-to-llvm rewrites before it converts (a pattern set
  // that need not converge: what it leaves is the conversion's to report).
  RewritePatternSet patterns(context);
  vector::populateVectorToVectorCanonicalizationPatterns(patterns);
  vector::populateVectorBitCastLoweringPatterns(patterns);
  vector::populateVectorBroadcastLoweringPatterns(patterns);
  vector::populateVectorContractLoweringPatterns(
      patterns, vector::VectorContractLowering::Dot);
  vector::populateVectorMaskOpLoweringPatterns(patterns);
  vector::populateVectorShapeCastLoweringPatterns(patterns);
  vector::populateVectorInterleaveLoweringPatterns(patterns);
  vector::populateVectorTransposeLoweringPatterns(
      patterns, vector::VectorTransposeLowering::EltWise);
  vector::populateVectorTransferLoweringPatterns(patterns,
                                                 /*maxTransferRank=*/1);
  vector::populateVectorMaskMaterializationPatterns(
      patterns, /*force32BitVectorIndices=*/false);
  vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
  vector::populateVectorInsertExtractStridedSliceTransforms(patterns);
  vector::populateVectorStepLoweringPatterns(patterns);
  vector::populateVectorRankReducingFMAPattern(patterns);
  vector::populateVectorGatherLoweringPatterns(patterns);
  (void)applyPatternsGreedily(module, std::move(patterns));
}
