//===- BlockRows.cpp - Blocks of a row of the grid run together -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/BlockRows.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/Support/Debug.h"

#include <limits>

#define DEBUG_TYPE "offload-lower-gpu-to-host"

using namespace mlir;
using namespace mlir::offload;

std::optional<GlobalId> mlir::offload::matchGlobalId(Operation *op) {
  auto add = dyn_cast<arith::AddIOp>(op);
  if (!add)
    return std::nullopt;
  for (auto [id, start] : {std::pair(add.getLhs(), add.getRhs()),
                           std::pair(add.getRhs(), add.getLhs())}) {
    auto thread = id.getDefiningOp<gpu::ThreadIdOp>();
    auto mul = start.getDefiningOp<arith::MulIOp>();
    if (!thread || !mul)
      continue;
    gpu::Dimension dim = thread.getDimension();
    auto isDim = [&](Value v, auto op) {
      auto defining = v.getDefiningOp<decltype(op)>();
      return defining && defining.getDimension() == dim;
    };
    if ((isDim(mul.getLhs(), gpu::BlockIdOp()) &&
         isDim(mul.getRhs(), gpu::BlockDimOp())) ||
        (isDim(mul.getLhs(), gpu::BlockDimOp()) &&
         isDim(mul.getRhs(), gpu::BlockIdOp())))
      return GlobalId{add, mul, dim};
  }
  return std::nullopt;
}

/// Whether `op` is the global id in x.
static bool isGlobalIdX(Operation *op) {
  std::optional<GlobalId> id = matchGlobalId(op);
  return id && id->dim == gpu::Dimension::x;
}

/// Whether `op` means the same in a block that runs alone and in one that
/// runs with its row's next blocks, its threads numbered on in x.
static bool isIndependentOfTheBlock(Operation *op) {
  if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
          gpu::ReturnOp>(op))
    return true;
  // Memory outside the block; no atomics, no allocations.
  if (isa<memref::LoadOp, memref::StoreOp, memref::DimOp, memref::SubViewOp,
          memref::CastOp, memref::ReinterpretCastOp,
          memref::ExtractStridedMetadataOp, memref::ExpandShapeOp,
          memref::CollapseShapeOp, memref::AssumeAlignmentOp>(op))
    return true;
  if (isa<vector::PrintOp>(op))
    return false;
  return isa<arith::ArithDialect, math::MathDialect, index::IndexDialect,
             scf::SCFDialect, vector::VectorDialect, ub::UBDialect>(
      op->getDialect());
}

/// Whether every use of `op`'s result is one that `accepts`.
static bool onlyUsedBy(Operation *op, function_ref<bool(Operation *)> accepts) {
  return llvm::all_of(op->getUsers(), accepts);
}

bool mlir::offload::canRunBlocksOfARowTogether(gpu::GPUFuncOp kernel) {
  if (!kernel.getBody().hasOneBlock() || kernel.getNumWorkgroupAttributions() ||
      kernel.getNumPrivateAttributions())
    return false;
  bool walksX = false;
  WalkResult walked = kernel.walk([&](Operation *op) {
    if (op != kernel && !isIndependentOfTheBlock(op))
      return WalkResult::interrupt();
    if (auto id = dyn_cast<gpu::ThreadIdOp>(op);
        id && id.getDimension() == gpu::Dimension::x) {
      if (!onlyUsedBy(op, isGlobalIdX))
        return WalkResult::interrupt();
      walksX = true;
    }
    // blockIdx.x only in blockIdx.x * blockDim.x, that only in global ids.
    auto startsGlobalIdsX = [](Operation *product) {
      return isa<arith::MulIOp>(product) &&
             onlyUsedBy(product, [&](Operation *user) {
               std::optional<GlobalId> id = matchGlobalId(user);
               return id && id->dim == gpu::Dimension::x &&
                      id->blockStart == product;
             });
    };
    if (auto id = dyn_cast<gpu::BlockIdOp>(op);
        id && id.getDimension() == gpu::Dimension::x &&
        !onlyUsedBy(op, startsGlobalIdsX))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  // Without a global id in x, the blocks of a row are the same work: nothing
  // to gain.
  bool together = walksX && !walked.wasInterrupted();
  LLVM_DEBUG(if (together) llvm::dbgs()
             << "running the blocks of a row together: @" << kernel.getName()
             << "\n");
  return together;
}

int64_t mlir::offload::mostThreadsPerCall(func::FuncOp function) {
  constexpr int64_t kPerThreadArrayBytes = 4 << 20;
  DataLayout layout = DataLayout::closest(function);
  int64_t bytesPerThread = 0;
  function.walk([&](memref::AllocaOp alloca) {
    // An array per thread has a length of the call's threads; what has a
    // static size does not grow with them.
    MemRefType type = alloca.getType();
    if (!type.hasStaticShape())
      bytesPerThread += static_cast<int64_t>(
          layout.getTypeSize(type.getElementType()).getFixedValue());
  });
  if (!bytesPerThread)
    return std::numeric_limits<int32_t>::max();
  return std::max<int64_t>(1, kPerThreadArrayBytes / bytesPerThread);
}
