//===- BarrierAnalysis.cpp - Where a kernel's threads must meet -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/threads/BarrierAnalysis.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::offload::threadloops;

bool mlir::offload::threadloops::isExchange(Operation *op) {
  return isa<gpu::ShuffleOp, gpu::RotateOp, gpu::SubgroupBroadcastOp,
             gpu::SubgroupReduceOp>(op);
}

Sync BarrierAnalysis::getOwnSync(Operation *op) const {
  if (isa<gpu::BarrierOp>(op))
    return Sync::Block;
  if (isExchange(op) || isWarpSynchronous(op))
    return Sync::Warp;
  return Sync::None;
}

Sync BarrierAnalysis::getSync(Operation *op) {
  auto it = syncs.find(op);
  if (it != syncs.end())
    return it->second;
  Sync sync = Sync::None;
  op->walk([&](Operation *nested) {
    sync = std::max(sync, getOwnSync(nested));
    return sync == Sync::Block ? WalkResult::interrupt()
                               : WalkResult::advance();
  });
  return syncs[op] = sync;
}
