//===- MmaElementwise.cpp - Warp-matrix elementwise ops for NVVM ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/nvvm/MmaElementwise.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

/// The matrix of `type` whose every element is -1.
static Value minusOnes(OpBuilder &b, Location loc, gpu::MMAMatrixType type) {
  Value element = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(type.getElementType(), -1.0));
  return gpu::SubgroupMmaConstantMatrixOp::create(b, loc, type, element);
}

LogicalResult
mlir::offload::expandMmaElementwiseForNvvm(gpu::GPUModuleOp module) {
  SmallVector<gpu::SubgroupMmaElementwiseOp> ops;
  module.walk([&](gpu::SubgroupMmaElementwiseOp op) { ops.push_back(op); });
  for (gpu::SubgroupMmaElementwiseOp op : ops) {
    gpu::MMAElementwiseOp kind = op.getOpType();
    switch (kind) {
    case gpu::MMAElementwiseOp::ADDF:
    case gpu::MMAElementwiseOp::MULF:
    case gpu::MMAElementwiseOp::DIVF:
    case gpu::MMAElementwiseOp::MAXF:
    case gpu::MMAElementwiseOp::MINF:
      continue;
    case gpu::MMAElementwiseOp::SUBF:
    case gpu::MMAElementwiseOp::NEGATEF: {
      OpBuilder b(op);
      Location loc = op.getLoc();
      auto type = cast<gpu::MMAMatrixType>(op.getType());
      ValueRange args = op.getArgs();
      Value negated = gpu::SubgroupMmaElementwiseOp::create(
          b, loc, type, ValueRange{args.back(), minusOnes(b, loc, type)},
          gpu::MMAElementwiseOp::MULF);
      Value result = kind == gpu::MMAElementwiseOp::NEGATEF
                         ? negated
                         : gpu::SubgroupMmaElementwiseOp::create(
                               b, loc, type, ValueRange{args.front(), negated},
                               gpu::MMAElementwiseOp::ADDF)
                               .getResult();
      op.replaceAllUsesWith(result);
      op.erase();
      continue;
    }
    case gpu::MMAElementwiseOp::ADDI:
    case gpu::MMAElementwiseOp::MULI:
    case gpu::MMAElementwiseOp::SUBI:
    case gpu::MMAElementwiseOp::DIVS:
    case gpu::MMAElementwiseOp::DIVU:
    case gpu::MMAElementwiseOp::NEGATES:
    case gpu::MMAElementwiseOp::EXTF:
      return op.emitError()
             << "'gpu.subgroup_mma_elementwise' " << stringifyEnum(kind)
             << " has no lowering to NVVM (MLIR 22's takes addf, mulf, divf, "
                "maxf and minf, and ours subf and negatef too); write it with "
                "those kinds, or store the matrix and compute on its "
                "elements";
    }
  }
  return success();
}
