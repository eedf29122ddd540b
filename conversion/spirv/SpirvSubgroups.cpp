//===- SpirvSubgroups.cpp - Subgroup counts a driver gets wrong -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/SpirvSubgroups.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace mlir::offload;

void mlir::offload::countPartialSubgroups(gpu::GPUModuleOp module) {
  SmallVector<gpu::NumSubgroupsOp> counts;
  module.walk([&](gpu::NumSubgroupsOp op) { counts.push_back(op); });
  for (gpu::NumSubgroupsOp op : counts) {
    ImplicitLocOpBuilder b(op.getLoc(), op);
    Value threads = gpu::BlockDimOp::create(b, gpu::Dimension::x);
    for (gpu::Dimension dimension : {gpu::Dimension::y, gpu::Dimension::z})
      threads = arith::MulIOp::create(b, threads,
                                      gpu::BlockDimOp::create(b, dimension));
    Value size = gpu::SubgroupSizeOp::create(b, IntegerAttr());
    Value one = arith::ConstantIndexOp::create(b, 1);
    Value filled = arith::DivUIOp::create(
        b,
        arith::AddIOp::create(b, threads, arith::SubIOp::create(b, size, one)),
        size);
    Value builtIn = gpu::NumSubgroupsOp::create(b, op.getUpperBoundAttr());
    op.replaceAllUsesWith(
        arith::MaxUIOp::create(b, builtIn, filled).getResult());
    op.erase();
  }
}
