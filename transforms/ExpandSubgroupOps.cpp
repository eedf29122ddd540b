//===- ExpandSubgroupOps.cpp - Subgroup ops as shuffles -------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "transforms/NvvmActiveLanes.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-expand-subgroup-ops"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADEXPANDSUBGROUPOPS
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

/// Whether convert-gpu-to-nvvm, allowed redux.sync, lowers `op` itself:
/// MLIR 22 maps no unsigned minimum or maximum to redux.sync, though PTX has
/// them, so those are expanded like the rest.
static bool isReduxForm(gpu::SubgroupReduceOp op) {
  if (!op.getUniform() || op.getClusterSize() ||
      !op.getValue().getType().isInteger(32))
    return false;
  switch (op.getOp()) {
  case gpu::AllReduceOperation::ADD:
  case gpu::AllReduceOperation::AND:
  case gpu::AllReduceOperation::OR:
  case gpu::AllReduceOperation::XOR:
  case gpu::AllReduceOperation::MINSI:
  case gpu::AllReduceOperation::MAXSI:
    return true;
  default:
    return false;
  }
}

/// `fn` applied to each element of `value` if it is a vector, else to
/// `value` itself.
static Value mapElements(OpBuilder &b, Location loc, Value value,
                         function_ref<Value(Value)> fn) {
  auto vectorType = dyn_cast<VectorType>(value.getType());
  if (!vectorType)
    return fn(value);
  Value result =
      arith::ConstantOp::create(b, loc, vectorType, b.getZeroAttr(vectorType));
  for (int64_t i = 0, e = vectorType.getNumElements(); i < e; ++i)
    result = vector::InsertOp::create(
        b, loc, fn(vector::ExtractOp::create(b, loc, value, i)), result, i);
  return result;
}

namespace {
/// One reduction per element of a vector: of every vector where the
/// reductions take scalars (the NVVM ones among the active lanes), else of
/// one whose elements are 32 bits or wider, which upstream's rewrites cannot
/// break down into 32-bit pieces.
struct ScalarizeVectorReduce final : OpRewritePattern<gpu::SubgroupReduceOp> {
  ScalarizeVectorReduce(MLIRContext *context, bool everyVector)
      : OpRewritePattern(context), everyVector(everyVector) {}

  LogicalResult matchAndRewrite(gpu::SubgroupReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto vectorType = dyn_cast<VectorType>(op.getType());
    if (!vectorType ||
        (!everyVector && (vectorType.getNumElements() < 2 ||
                          vectorType.getElementTypeBitWidth() < 32)))
      return rewriter.notifyMatchFailure(op, "not a vector to break down");
    Location loc = op.getLoc();
    rewriter.replaceOp(
        op, mapElements(rewriter, loc, op.getValue(), [&](Value element) {
          return gpu::SubgroupReduceOp::create(
              rewriter, loc, element, op.getOp(), op.getUniform(),
              op.getClusterSize(), op.getClusterStride());
        }));
    return success();
  }

private:
  bool everyVector;
};

/// gpu.rotate as an indexed shuffle by the lanes below the width (the ones
/// that the op says take part), each taking lane (id + offset) mod width; a
/// vector one element at a time. The other lanes get their own value and
/// `valid` false.
struct RotateToShuffle final : OpRewritePattern<gpu::RotateOp> {
  RotateToShuffle(MLIRContext *context, unsigned subgroupSize)
      : OpRewritePattern(context), subgroupSize(subgroupSize) {}

  LogicalResult matchAndRewrite(gpu::RotateOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value width =
        arith::ConstantIntOp::create(rewriter, loc, i32, op.getWidth());
    Value laneIndex =
        gpu::LaneIdOp::create(rewriter, loc, /*upperBound=*/
                              rewriter.getIndexAttr(subgroupSize));
    Value lane = arith::IndexCastOp::create(rewriter, loc, i32, laneIndex);
    Value source = arith::AndIOp::create(
        rewriter, loc,
        arith::AddIOp::create(
            rewriter, loc, lane,
            arith::ConstantIntOp::create(rewriter, loc, i32, op.getOffset())),
        arith::ConstantIntOp::create(rewriter, loc, i32, op.getWidth() - 1));
    Value inRange = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, lane, width);

    Value value = op.getValue();
    auto ifOp =
        scf::IfOp::create(rewriter, loc, TypeRange{value.getType()}, inRange,
                          /*addThenBlock=*/true, /*addElseBlock=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      auto shuffle = [&](Value element) {
        return gpu::ShuffleOp::create(rewriter, loc, element, source, width,
                                      gpu::ShuffleMode::IDX)
            .getShuffleResult();
      };
      Value rotated = mapElements(rewriter, loc, value, shuffle);
      scf::YieldOp::create(rewriter, loc, rotated);
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(rewriter, loc, value);
    }
    rewriter.replaceOp(op, {ifOp.getResult(0), inRange});
    return success();
  }

private:
  unsigned subgroupSize;
};

/// gpu.shuffle up as shfl.sync.up among the lanes below its width, with no
/// clamp: lane i takes lane i - offset, valid where that is 0 or more.
/// MLIR 22's NVVM lowering clamps it at 32 - width, so that below 32 lanes no
/// lane is valid (PTX's up mode is valid where i - offset >= the clamp). A
/// 64-bit value travels in two 32-bit halves.
struct ShuffleUpToShfl final : OpRewritePattern<gpu::ShuffleOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(gpu::ShuffleOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getValue().getType();
    if (op.getMode() != gpu::ShuffleMode::UP || !type.isIntOrFloat() ||
        (type.getIntOrFloatBitWidth() != 32 &&
         type.getIntOrFloatBitWidth() != 64))
      return rewriter.notifyMatchFailure(op, "not an up shuffle of 32 or 64 "
                                             "bits");
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, i32, value);
    };
    // The lanes below the width: -1 >> (32 - width).
    Value lead =
        arith::SubIOp::create(rewriter, loc, constant(32), op.getWidth());
    Value members = arith::ShRUIOp::create(rewriter, loc, constant(-1), lead);
    Type pair = LLVM::LLVMStructType::getLiteral(rewriter.getContext(),
                                                 {i32, rewriter.getI1Type()});
    Value valid;
    Value result = offload::shuffleInWords(
        rewriter, loc, op.getValue(), [&](Value word) -> Value {
          Value both = NVVM::ShflOp::create(
              rewriter, loc, pair, members, word, op.getOffset(), constant(0),
              NVVM::ShflKindAttr::get(rewriter.getContext(),
                                      NVVM::ShflKind::up),
              rewriter.getUnitAttr());
          // Each word's flag is the same: the source lane's.
          valid = LLVM::ExtractValueOp::create(rewriter, loc, both, 1);
          return LLVM::ExtractValueOp::create(rewriter, loc, both, 0);
        });
    rewriter.replaceOp(op, {result, valid});
    return success();
  }
};

/// gpu.subgroup_broadcast as shfl.sync among the lanes that are active
/// (activemask), from the given lane or from the lowest active one. Values
/// travel in 32-bit pieces, a vector one element at a time.
struct SubgroupBroadcastToShfl final
    : OpRewritePattern<gpu::SubgroupBroadcastOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(gpu::SubgroupBroadcastOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type elementType = getElementTypeOrSelf(type);
    if (!elementType.isIndex() && !(elementType.isIntOrFloat() &&
                                    elementType.getIntOrFloatBitWidth() <= 64))
      return rewriter.notifyMatchFailure(op, "no shuffle for this type");
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value active = offload::activeLanes(rewriter, loc);
    Value source =
        op.getBroadcastType() == gpu::BroadcastType::specific_lane
            ? op.getLane()
            : LLVM::CountTrailingZerosOp::create(rewriter, loc, i32, active,
                                                 rewriter.getBoolAttr(false))
                  .getResult();

    rewriter.replaceOp(
        op, mapElements(rewriter, loc, op.getSrc(), [&](Value element) {
          return offload::shuffleFromLane(rewriter, loc, element, active,
                                          source);
        }));
    return success();
  }
};

/// The block's thread count and this thread's place in it, x fastest.
static std::pair<Value, Value> getLinearThreadId(OpBuilder &b, Location loc) {
  Value linear, size;
  for (gpu::Dimension dim :
       {gpu::Dimension::z, gpu::Dimension::y, gpu::Dimension::x}) {
    Value id = gpu::ThreadIdOp::create(b, loc, dim);
    Value dimSize = gpu::BlockDimOp::create(b, loc, dim);
    linear =
        linear ? arith::AddIOp::create(
                     b, loc, arith::MulIOp::create(b, loc, linear, dimSize), id)
               : id;
    size = size ? arith::MulIOp::create(b, loc, size, dimSize) : dimSize;
  }
  return {size, linear};
}

/// gpu.subgroup_id and gpu.num_subgroups from the thread ids: subgroups are
/// runs of 32 threads in x-fastest order.
struct SubgroupIdFromThreadId final : OpRewritePattern<gpu::SubgroupIdOp> {
  SubgroupIdFromThreadId(MLIRContext *context, unsigned subgroupSize)
      : OpRewritePattern(context), subgroupSize(subgroupSize) {}
  LogicalResult matchAndRewrite(gpu::SubgroupIdOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value linear = getLinearThreadId(rewriter, loc).second;
    rewriter.replaceOpWithNewOp<arith::DivUIOp>(
        op, linear,
        arith::ConstantIndexOp::create(rewriter, loc, subgroupSize));
    return success();
  }

private:
  unsigned subgroupSize;
};

struct NumSubgroupsFromBlockDim final : OpRewritePattern<gpu::NumSubgroupsOp> {
  NumSubgroupsFromBlockDim(MLIRContext *context, unsigned subgroupSize)
      : OpRewritePattern(context), subgroupSize(subgroupSize) {}
  LogicalResult matchAndRewrite(gpu::NumSubgroupsOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value size = getLinearThreadId(rewriter, loc).first;
    rewriter.replaceOpWithNewOp<arith::CeilDivUIOp>(
        op, size, arith::ConstantIndexOp::create(rewriter, loc, subgroupSize));
    return success();
  }

private:
  unsigned subgroupSize;
};

struct SubgroupSizeIsConstant final : OpRewritePattern<gpu::SubgroupSizeOp> {
  SubgroupSizeIsConstant(MLIRContext *context, unsigned subgroupSize)
      : OpRewritePattern(context), subgroupSize(subgroupSize) {}
  LogicalResult matchAndRewrite(gpu::SubgroupSizeOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(op, subgroupSize);
    return success();
  }

private:
  unsigned subgroupSize;
};

struct ExpandSubgroupOpsPass
    : public offload::impl::OffloadExpandSubgroupOpsBase<
          ExpandSubgroupOpsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (auto reduce = dyn_cast<gpu::SubgroupReduceOp>(op)) {
        if (nvvm || !(keepRedux && isReduxForm(reduce)))
          ops.push_back(op);
      } else if (isa<gpu::NumSubgroupsOp, gpu::RotateOp, gpu::SubgroupIdOp,
                     gpu::SubgroupSizeOp>(op) ||
                 (nvvm && isa<gpu::SubgroupBroadcastOp>(op))) {
        ops.push_back(op);
      } else if (auto shuffle = dyn_cast<gpu::ShuffleOp>(op);
                 nvvm && shuffle && shuffle.getMode() == gpu::ShuffleMode::UP) {
        ops.push_back(op);
      }
    });
    if (ops.empty())
      return;
    // A cluster must fit in a subgroup, which the op's verifier cannot know
    // the size of.
    for (Operation *op : ops) {
      auto reduce = dyn_cast<gpu::SubgroupReduceOp>(op);
      if (!reduce || !reduce.getClusterSize())
        continue;
      uint64_t span =
          uint64_t(*reduce.getClusterSize()) * reduce.getClusterStride();
      if (span > subgroupSize) {
        reduce.emitOpError()
            << "has clusters of " << *reduce.getClusterSize() << " lanes "
            << reduce.getClusterStride() << " apart, which span " << span
            << " lanes; a subgroup has " << subgroupSize.getValue();
        return signalPassFailure();
      }
    }
    LLVM_DEBUG(llvm::dbgs()
               << "expanding " << ops.size() << " subgroup operations\n");
    RewritePatternSet patterns(&getContext());
    patterns.add<NumSubgroupsFromBlockDim, RotateToShuffle,
                 SubgroupIdFromThreadId, SubgroupSizeIsConstant>(&getContext(),
                                                                 subgroupSize);
    if (nvvm) {
      patterns.add<ShuffleUpToShfl, SubgroupBroadcastToShfl>(&getContext());
      patterns.add<ScalarizeVectorReduce>(&getContext(), /*everyVector=*/true);
      offload::populateActiveLaneReducePatterns(patterns, keepRedux);
    } else {
      patterns.add<ScalarizeVectorReduce>(&getContext(),
                                          /*everyVector=*/false);
      populateGpuBreakDownSubgroupReducePatterns(patterns,
                                                 /*maxShuffleBitwidth=*/32);
      // 32-bit shuffles where the value fits, else (i64, f64) 64-bit ones.
      for (auto [bitwidth, benefit] :
           {std::pair(32u, 2u), std::pair(64u, 1u)}) {
        populateGpuLowerSubgroupReduceToShufflePatterns(patterns, subgroupSize,
                                                        bitwidth, benefit);
        populateGpuLowerClusteredSubgroupReduceToShufflePatterns(
            patterns, subgroupSize, bitwidth, benefit);
      }
    }
    // The pieces that breaking a vector down makes are new ops, to be
    // expanded in turn; nothing else is touched.
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    bool changed = false;
    if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config,
                                       &changed))) {
      getOperation().emitError("offload-expand-subgroup-ops did not converge");
      return signalPassFailure();
    }
  }
};
} // namespace
