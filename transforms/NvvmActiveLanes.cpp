//===- NvvmActiveLanes.cpp - Warp operations among the active lanes -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Upstream's butterfly reductions pair every lane with another, which is
// right only when the whole warp takes part: in the last warp of a block of
// 33 threads, lane 0 reads the 31 lanes that do not exist, and in divergent
// code shfl.sync waits for lanes that never come. Here each cluster's active
// lanes fold in a tree instead: a lane takes the value of the lane d members
// above it (fns finds it), for d = 1, 2, 4, ..., and the lowest member, which
// then holds the whole cluster's, gives it to the others.
//
//===----------------------------------------------------------------------===//

#include "transforms/NvvmActiveLanes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace mlir::offload {

/// A call of the NVVM intrinsic `name`, which returns an i32. Intrinsics,
/// not inline PTX, for LLVM to know what they are: activemask is
/// convergent, so that no transformation moves it out of the branch whose
/// lanes it names (an asm with side effects could be hoisted above one).
static Value intrinsic(OpBuilder &b, Location loc, StringRef name,
                       ValueRange args) {
  return LLVM::CallIntrinsicOp::create(b, loc, b.getI32Type(),
                                       b.getStringAttr(name), args)
      .getResult(0);
}

Value activeLanes(OpBuilder &b, Location loc) {
  return intrinsic(b, loc, "llvm.nvvm.activemask", {});
}

static Value shuffleWord(OpBuilder &b, Location loc, Value word, Value active,
                         Value source) {
  // Clamp 31, no segments: the whole warp is one group.
  Value clamp = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 31);
  return NVVM::ShflOp::create(
      b, loc, b.getI32Type(), active, word, source, clamp,
      NVVM::ShflKindAttr::get(b.getContext(), NVVM::ShflKind::idx),
      /*return_value_and_is_valid=*/nullptr);
}

Value shuffleInWords(OpBuilder &b, Location loc, Value value,
                     function_ref<Value(Value)> shuffleWord) {
  Type type = value.getType();
  if (type.isIndex()) {
    Value wide = arith::IndexCastOp::create(b, loc, b.getI64Type(), value);
    return arith::IndexCastOp::create(
        b, loc, type, shuffleInWords(b, loc, wide, shuffleWord));
  }
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  Type bitsType = b.getIntegerType(bits);
  Value asInt =
      isa<FloatType>(type)
          ? arith::BitcastOp::create(b, loc, bitsType, value).getResult()
          : value;
  Value result;
  if (bits <= 32) {
    Value word = bits == 32
                     ? asInt
                     : arith::ExtUIOp::create(b, loc, i32, asInt).getResult();
    result = shuffleWord(word);
    if (bits < 32)
      result = arith::TruncIOp::create(b, loc, bitsType, result);
  } else {
    // An integer of 33 to 63 bits goes as 64 bits.
    Type i64 = b.getI64Type();
    if (bits < 64)
      asInt = arith::ExtUIOp::create(b, loc, i64, asInt);
    Value c32 = arith::ConstantIntOp::create(b, loc, i64, 32);
    Value low = shuffleWord(arith::TruncIOp::create(b, loc, i32, asInt));
    Value high = shuffleWord(arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, asInt, c32)));
    Value lowBits = arith::ExtUIOp::create(b, loc, i64, low);
    Value highBits = arith::ShLIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, i64, high), c32);
    result = arith::OrIOp::create(b, loc, lowBits, highBits);
    if (bits < 64)
      result = arith::TruncIOp::create(b, loc, bitsType, result);
  }
  return isa<FloatType>(type)
             ? arith::BitcastOp::create(b, loc, type, result).getResult()
             : result;
}

Value shuffleFromLane(OpBuilder &b, Location loc, Value value, Value active,
                      Value source) {
  return shuffleInWords(b, loc, value, [&](Value word) {
    return shuffleWord(b, loc, word, active, source);
  });
}

/// redux.sync's kind for `op`, where it has one.
static std::optional<NVVM::ReduxKind> reduxKind(gpu::AllReduceOperation op) {
  switch (op) {
  case gpu::AllReduceOperation::ADD:
    return NVVM::ReduxKind::ADD;
  case gpu::AllReduceOperation::AND:
    return NVVM::ReduxKind::AND;
  case gpu::AllReduceOperation::OR:
    return NVVM::ReduxKind::OR;
  case gpu::AllReduceOperation::XOR:
    return NVVM::ReduxKind::XOR;
  case gpu::AllReduceOperation::MINSI:
    return NVVM::ReduxKind::MIN;
  case gpu::AllReduceOperation::MAXSI:
    return NVVM::ReduxKind::MAX;
  case gpu::AllReduceOperation::MINUI:
    return NVVM::ReduxKind::UMIN;
  case gpu::AllReduceOperation::MAXUI:
    return NVVM::ReduxKind::UMAX;
  default:
    return std::nullopt;
  }
}

namespace {
/// A 32-bit integer reduction over the whole subgroup as redux.sync among
/// the active lanes.
struct ReduceWithRedux final : OpRewritePattern<gpu::SubgroupReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(gpu::SubgroupReduceOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<NVVM::ReduxKind> kind = reduxKind(op.getOp());
    if (!kind || op.getClusterSize() || !op.getType().isInteger(32))
      return rewriter.notifyMatchFailure(op, "no redux.sync for it");
    Location loc = op.getLoc();
    Value active = activeLanes(rewriter, loc);
    rewriter.replaceOpWithNewOp<NVVM::ReduxOp>(
        op, op.getType(), op.getValue(),
        NVVM::ReduxKindAttr::get(rewriter.getContext(), *kind), active);
    return success();
  }
};

/// Each cluster's active lanes fold in a tree to the lowest, which gives
/// the result to the others (the file's header).
struct ReduceInTree final : OpRewritePattern<gpu::SubgroupReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(gpu::SubgroupReduceOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!type.isIndex() &&
        !(type.isIntOrFloat() && type.getIntOrFloatBitWidth() <= 64))
      return rewriter.notifyMatchFailure(op, "no shuffle for this type");
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, i32, value);
    };
    Value active = activeLanes(rewriter, loc);
    Value lane = arith::IndexCastOp::create(
        rewriter, loc, i32,
        gpu::LaneIdOp::create(rewriter, loc, rewriter.getIndexAttr(32)));
    unsigned size = op.getClusterSize().value_or(32);
    unsigned stride = op.getClusterStride();
    if (size * stride > 32)
      return rewriter.notifyMatchFailure(op, "a cluster past the subgroup");
    Value members = active;
    if (size < 32) {
      // The lanes of this lane's cluster: `size` of them, `stride` apart,
      // from the first of its span of size x stride lanes.
      uint32_t pattern = 0;
      for (unsigned i = 0; i < size; ++i)
        pattern |= 1u << (i * stride);
      Value inSpan =
          arith::RemUIOp::create(rewriter, loc, lane, constant(size * stride));
      Value first = arith::SubIOp::create(rewriter, loc, lane, inSpan);
      Value inStride =
          arith::RemUIOp::create(rewriter, loc, lane, constant(stride));
      Value base = arith::AddIOp::create(rewriter, loc, first, inStride);
      Value shape = constant(static_cast<int32_t>(pattern));
      Value cluster = arith::ShLIOp::create(rewriter, loc, shape, base);
      members = arith::AndIOp::create(rewriter, loc, active, cluster);
    }
    vector::CombiningKind kind = gpu::convertReductionKind(op.getOp());
    Value acc = op.getValue();
    Value none = constant(-1);
    for (unsigned distance = 1; distance < size; distance *= 2) {
      // The member `distance` above this lane (fns counts this lane as the
      // first), or none.
      Value source = intrinsic(rewriter, loc, "llvm.nvvm.fns",
                               {members, lane, constant(distance + 1)});
      Value valid = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ne, source, none);
      // Every active lane shuffles, those with no source from themselves.
      Value from = arith::SelectOp::create(rewriter, loc, valid, source, lane);
      Value other = shuffleFromLane(rewriter, loc, acc, active, from);
      Value combined =
          vector::makeArithReduction(rewriter, loc, kind, acc, other);
      acc = arith::SelectOp::create(rewriter, loc, valid, combined, acc);
    }
    Value lowest = LLVM::CountTrailingZerosOp::create(
        rewriter, loc, i32, members, rewriter.getBoolAttr(false));
    rewriter.replaceOp(op, shuffleFromLane(rewriter, loc, acc, active, lowest));
    return success();
  }
};
} // namespace

void populateActiveLaneReducePatterns(RewritePatternSet &patterns, bool redux) {
  patterns.add<ReduceInTree>(patterns.getContext());
  if (redux)
    patterns.add<ReduceWithRedux>(patterns.getContext(), /*benefit=*/2);
}

} // namespace mlir::offload
