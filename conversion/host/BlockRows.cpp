//===- BlockRows.cpp - Blocks of a row of the grid run together -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/BlockRows.h"

#include "conversion/host/memory/BlockMemory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

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

/// Whether `op` may run in blocks stacked in y: what a block of a row run
/// together in x may hold, and barriers, atomics on memory outside the
/// block (its own are plain updates by now) and workgroup allocations.
static bool mayRunStacked(Operation *op) {
  if (isa<gpu::BarrierOp, memref::AtomicRMWOp, memref::GenericAtomicRMWOp,
          memref::AtomicYieldOp>(op))
    return true;
  if (auto alloc = dyn_cast<memref::AllocOp>(op))
    return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(alloc.getType());
  return isIndependentOfTheBlock(op);
}

static bool hasBoundsSameInTheRow(scf::ForOp loop, int depth);

/// Whether `v` is the same in every block of a row: made, by pure
/// operations, of constants, the kernel's arguments, the sizes of the
/// blocks and the grid, the block's y and z, and the induction variables of
/// loops whose bounds are.
static bool isSameInTheRow(Value v, int depth = 0) {
  if (depth > 16)
    return false;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto kernel = dyn_cast<gpu::GPUFuncOp>(owner))
      return arg.getArgNumber() < kernel.getNumArguments();
    auto loop = dyn_cast<scf::ForOp>(owner);
    return loop && arg == loop.getInductionVar() &&
           hasBoundsSameInTheRow(loop, depth + 1);
  }
  Operation *op = v.getDefiningOp();
  if (isa<gpu::BlockDimOp, gpu::GridDimOp>(op))
    return true;
  if (auto id = dyn_cast<gpu::BlockIdOp>(op))
    return id.getDimension() != gpu::Dimension::x;
  if (isa<gpu::ThreadIdOp>(op) || op->getNumRegions() ||
      !isMemoryEffectFree(op))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value operand) {
    return isSameInTheRow(operand, depth + 1);
  });
}

static bool hasBoundsSameInTheRow(scf::ForOp loop, int depth) {
  return llvm::all_of(
      ValueRange{loop.getLowerBound(), loop.getUpperBound(), loop.getStep()},
      [&](Value bound) { return isSameInTheRow(bound, depth); });
}

/// Whether every barrier of `kernel` is reached the same way in every block
/// of a row: under scf.for and scf.if only, whose bounds and conditions
/// are the same in every block of a row.
static bool hasBarriersSameInTheRow(gpu::GPUFuncOp kernel) {
  WalkResult walked = kernel.walk([&](gpu::BarrierOp barrier) {
    for (Operation *parent = barrier->getParentOp(); parent != kernel;
         parent = parent->getParentOp()) {
      auto loop = dyn_cast<scf::ForOp>(parent);
      auto branch = dyn_cast<scf::IfOp>(parent);
      if (loop ? !hasBoundsSameInTheRow(loop, 0)
               : !branch || !isSameInTheRow(branch.getCondition()))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !walked.wasInterrupted();
}

/// Whether `v` is `blockDim.x`: the op, or the constant `blockDimX`.
static bool isBlockDimX(Value v, int64_t blockDimX) {
  if (auto dim = v.getDefiningOp<gpu::BlockDimOp>())
    return dim.getDimension() == gpu::Dimension::x;
  std::optional<int64_t> constant = getConstantIntValue(v);
  return constant && *constant == blockDimX;
}

/// Counts, in `v`, a tree of adds and of products with values the same in
/// every block of a row over such values, threadIdx.x and blockIdx.x: the
/// threadIdx.x unscaled (`threads`) and the blockIdx.x times blockDim.x
/// alone (`blocks`); false where a term is none of these.
static bool countIdTerms(Value v, int64_t blockDimX, int &threads, int &blocks,
                         bool scaled = false, int depth = 0) {
  if (isSameInTheRow(v))
    return true;
  Operation *op = v.getDefiningOp();
  if (!op || depth > 8)
    return false;
  if (auto id = dyn_cast<gpu::ThreadIdOp>(op)) {
    ++threads;
    return id.getDimension() == gpu::Dimension::x && !scaled;
  }
  if (isa<arith::AddIOp>(op))
    return countIdTerms(op->getOperand(0), blockDimX, threads, blocks, scaled,
                        depth + 1) &&
           countIdTerms(op->getOperand(1), blockDimX, threads, blocks, scaled,
                        depth + 1);
  if (!isa<arith::MulIOp>(op) || scaled)
    return false;
  for (auto [term, factor] :
       {std::pair(op->getOperand(0), op->getOperand(1)),
        std::pair(op->getOperand(1), op->getOperand(0))}) {
    auto id = term.getDefiningOp<gpu::BlockIdOp>();
    if (id && id.getDimension() == gpu::Dimension::x &&
        isBlockDimX(factor, blockDimX)) {
      ++blocks;
      return true;
    }
    if (isSameInTheRow(factor))
      return countIdTerms(term, blockDimX, threads, blocks, /*scaled=*/true,
                          depth + 1);
  }
  return false;
}

/// Whether `loop` is a grid-stride loop that still runs across the threads
/// once its blocks are stacked (LoopsAcrossThreads.h): from `base +
/// blockIdx.x * blockDim.x + threadIdx.x` in any order, `base`, its bound
/// and its step the same in every block of a row; the blocks' starts are
/// then consecutive.
static bool isGridStrideLoopInX(scf::ForOp loop, int64_t blockDimX) {
  int threads = 0, blocks = 0;
  return isa<IndexType>(loop.getLowerBound().getType()) &&
         isSameInTheRow(loop.getUpperBound()) &&
         isSameInTheRow(loop.getStep()) &&
         countIdTerms(loop.getLowerBound(), blockDimX, threads, blocks) &&
         threads == 1 && blocks == 1;
}

int64_t mlir::offload::getStackedBufferBytes(MemRefType type, int64_t alignment,
                                             const DataLayout &layout) {
  int64_t bytes =
      getElementStride(type.getElementType(), layout) * type.getNumElements();
  return llvm::alignTo(std::max<int64_t>(bytes, 1), alignment);
}

int64_t mlir::offload::countStackedBlocks(gpu::GPUFuncOp kernel) {
  constexpr int64_t kMostThreads = 16384;
  constexpr int64_t kMostWorkgroupBytes = 16 << 10;
  std::optional<ArrayRef<int32_t>> known = kernel.getKnownBlockSize();
  if (!known || (*known)[0] < 1 || (*known)[1] != 1 || (*known)[2] != 1 ||
      !kernel.getBody().hasOneBlock() || kernel.getNumPrivateAttributions())
    return 0;
  DataLayout layout = DataLayout::closest(kernel);
  // Each stacked block's buffer is a memref.view, whose type has the
  // identity layout.
  int64_t bytes = 0;
  auto addBuffer = [&](MemRefType type, int64_t alignment) {
    if (!type.hasStaticShape() || !type.getLayout().isIdentity())
      return false;
    bytes += getStackedBufferBytes(
        type, std::max(alignment, kBlockBufferAlignment), layout);
    return true;
  };
  for (BlockArgument attribution : kernel.getWorkgroupAttributions())
    if (!addBuffer(cast<MemRefType>(attribution.getType()), 0))
      return 0;
  bool walksGridStride = false;
  WalkResult walked = kernel.walk([&](Operation *op) {
    if (op == kernel)
      return WalkResult::advance();
    if (!mayRunStacked(op))
      return WalkResult::interrupt();
    if (auto alloc = dyn_cast<memref::AllocOp>(op);
        alloc && !addBuffer(alloc.getType(), alloc.getAlignment().value_or(0)))
      return WalkResult::interrupt();
    if (auto loop = dyn_cast<scf::ForOp>(op))
      walksGridStride |= isGridStrideLoopInX(loop, (*known)[0]);
    return WalkResult::advance();
  });
  if (walked.wasInterrupted() || !walksGridStride ||
      !hasBarriersSameInTheRow(kernel))
    return 0;
  int64_t blocks = kMostThreads / (*known)[0];
  if (bytes)
    blocks = std::min(blocks, kMostWorkgroupBytes / bytes);
  LLVM_DEBUG(if (blocks >= 2) llvm::dbgs()
             << "running up to " << blocks << " blocks of a row stacked: @"
             << kernel.getName() << "\n");
  return blocks >= 2 ? blocks : 0;
}

Value mlir::offload::stackBlocksInY(gpu::GPUFuncOp kernel) {
  Location loc = kernel.getLoc();
  SmallVector<Operation *> ids;
  kernel.walk([&](Operation *op) {
    if (isa<gpu::ThreadIdOp, gpu::BlockDimOp, gpu::BlockIdOp>(op))
      ids.push_back(op);
  });
  OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value stacked = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  Value firstBlock = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  // Below the grid's size: no wrap.
  Value block = arith::AddIOp::create(b, loc, firstBlock, stacked,
                                      arith::IntegerOverflowFlags::nsw |
                                          arith::IntegerOverflowFlags::nuw);
  for (Operation *op : ids) {
    auto dim = cast<gpu::DimensionAttr>(op->getAttr("dimension")).getValue();
    Value value;
    if (isa<gpu::BlockIdOp>(op)) {
      if (dim == gpu::Dimension::x)
        value = block;
    } else if (dim != gpu::Dimension::x) {
      value = isa<gpu::ThreadIdOp>(op) ? zero : one;
    }
    if (!value)
      continue;
    op->getResult(0).replaceAllUsesWith(value);
    op->erase();
  }
  return stacked;
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
