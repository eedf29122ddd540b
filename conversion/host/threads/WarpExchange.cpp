//===- WarpExchange.cpp - Values exchanged by the lanes of a warp ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/threads/WarpExchange.h"

#include "conversion/host/memory/BlockMemory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-host"

using namespace mlir;
using namespace mlir::offload::threadloops;

/// `v` as an i32, from an index or an i32.
static Value toI32(OpBuilder &b, Location loc, Value v) {
  return v.getType().isIndex()
             ? Value(arith::IndexCastOp::create(b, loc, b.getI32Type(), v))
             : v;
}

/// The lane that lane `lane` reads in `rotate`: within groups of its width,
/// lane i reads lane (i + offset) % width. `width` becomes the group's.
static Value getRotateSource(OpBuilder &b, Location loc, gpu::RotateOp rotate,
                             Value lane, Value &width) {
  Type i32 = b.getI32Type();
  Value groupWidth =
      arith::ConstantIntOp::create(b, loc, i32, rotate.getWidth());
  Value offset = arith::ConstantIntOp::create(b, loc, i32, rotate.getOffset());
  Value inGroup = arith::RemUIOp::create(b, loc, lane, groupWidth);
  Value group = arith::SubIOp::create(b, loc, lane, inGroup);
  Value shifted = arith::RemUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, inGroup, offset), groupWidth);
  Value source = arith::AddIOp::create(b, loc, group, shifted);
  width = arith::MinSIOp::create(b, loc, width, groupWidth);
  // Lanes past the width read nothing.
  Value inWidth = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lane,
                                        groupWidth);
  return arith::SelectOp::create(b, loc, inWidth, source, width);
}

/// Lane `lane`'s read of lane `source` of `buffer` (i32 lane indices).
/// Defined for a lane below the width whose source lane is there too (the
/// op's documented semantics); else the lane's own value, as NVIDIA's
/// shuffles return, and `valid` false.
static Value readLane(OpBuilder &b, Location loc, Value buffer, Value lane,
                      Value source, Value width, Value &valid) {
  Type i32 = b.getI32Type();
  Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
  valid = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lane, width),
      arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, source,
                                zero),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, source,
                                width)));
  Value from = arith::SelectOp::create(b, loc, valid, source, lane);
  return memref::LoadOp::create(b, loc, buffer,
                                ValueRange{arith::IndexCastOp::create(
                                    b, loc, b.getIndexType(), from)})
      .getResult();
}

Value WarpExchanges::getBuffer(Type type) {
  Value &buffer = buffers[type];
  if (!buffer)
    buffer = memref::AllocaOp::create(
        entry, loc, MemRefType::get({kWarpSize}, type),
        entry.getI64IntegerAttr(kBlockBufferAlignment));
  return buffer;
}

FailureOr<Value> WarpExchanges::getSourceLane(Operation *op, const Thread &t,
                                              OpBuilder &b, Value lane,
                                              Value &width, Value firstActive) {
  IRMapping mapping;
  auto operand = [&](Value v) -> FailureOr<Value> {
    return values.materialize(v, t, b, mapping);
  };
  if (auto rotate = dyn_cast<gpu::RotateOp>(op))
    return getRotateSource(b, loc, rotate, lane, width);
  if (auto broadcast = dyn_cast<gpu::SubgroupBroadcastOp>(op)) {
    if (Value chosen = broadcast.getLane())
      return operand(chosen);
    return Value(
        arith::IndexCastOp::create(b, loc, b.getI32Type(), firstActive));
  }
  auto shuffle = cast<gpu::ShuffleOp>(op);
  FailureOr<Value> offset = operand(shuffle.getOffset());
  FailureOr<Value> requested = operand(shuffle.getWidth());
  if (failed(offset) || failed(requested))
    return failure();
  Value source;
  switch (shuffle.getMode()) {
  case gpu::ShuffleMode::XOR:
    source = arith::XOrIOp::create(b, loc, lane, *offset);
    break;
  case gpu::ShuffleMode::UP:
    source = arith::SubIOp::create(b, loc, lane, *offset);
    break;
  case gpu::ShuffleMode::DOWN:
    source = arith::AddIOp::create(b, loc, lane, *offset);
    break;
  case gpu::ShuffleMode::IDX:
    source = *offset;
    break;
  }
  width = arith::MinSIOp::create(b, loc, width, *requested);
  return source;
}

/// Each lane folds its cluster in lane order from the cluster's first lane,
/// so that every lane of the cluster gets the same result.
Value WarpExchanges::reduceCluster(gpu::SubgroupReduceOp reduce,
                                   const Thread &t, OpBuilder &b,
                                   const Lanes &lanes, Value lane,
                                   Value width) {
  Type i32 = b.getI32Type();
  int64_t size = reduce.getClusterSize().value_or(kWarpSize);
  int64_t stride = reduce.getClusterStride();
  Value span = arith::ConstantIntOp::create(b, loc, i32, size * stride);
  Value strideValue = arith::ConstantIntOp::create(b, loc, i32, stride);
  Value base = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, arith::DivUIOp::create(b, loc, lane, span),
                            span),
      arith::RemUIOp::create(b, loc, lane, strideValue));
  // `have` is false until a member was taken (the lane's own value stands
  // in before).
  Value own = memref::LoadOp::create(b, loc, lanes.buffer, t.lane);
  Value none = arith::ConstantIntOp::create(b, loc, 0, 1);
  vector::CombiningKind kind = gpu::convertReductionKind(reduce.getOp());
  auto fold = scf::ForOp::create(
      b, loc, threads.index(b, 0), threads.index(b, size), threads.index(b, 1),
      ValueRange{own, none},
      [&](OpBuilder &fb, Location l, Value k, ValueRange args) {
        Value member = arith::AddIOp::create(
            fb, l, base,
            arith::MulIOp::create(
                fb, l, arith::IndexCastOp::create(fb, l, i32, k), strideValue));
        Value present = arith::CmpIOp::create(fb, l, arith::CmpIPredicate::ult,
                                              member, width);
        Value memberIndex =
            arith::IndexCastOp::create(fb, l, fb.getIndexType(), member);
        // Inactive lanes have no value to give.
        if (lanes.active) {
          Value clamped = arith::MinUIOp::create(
              fb, l, memberIndex, threads.index(fb, kWarpSize - 1));
          present = arith::AndIOp::create(
              fb, l, present,
              memref::LoadOp::create(fb, l, lanes.active, clamped));
        }
        auto add = scf::IfOp::create(
            fb, l, present,
            [&](OpBuilder &tb, Location tl) {
              Value other =
                  memref::LoadOp::create(tb, tl, lanes.buffer, memberIndex);
              Value combined =
                  vector::makeArithReduction(tb, tl, kind, args[0], other);
              scf::YieldOp::create(
                  tb, tl,
                  ValueRange{
                      arith::SelectOp::create(tb, tl, args[1], combined, other),
                      arith::ConstantIntOp::create(tb, tl, 1, 1)});
            },
            [&](OpBuilder &eb, Location el) {
              scf::YieldOp::create(eb, el, args);
            });
        scf::YieldOp::create(fb, l, add.getResults());
      });
  return fold.getResult(0);
}

bool WarpExchanges::isWholeWarp(gpu::SubgroupReduceOp reduce) {
  return reduce.getClusterSize().value_or(kWarpSize) == kWarpSize &&
         reduce.getClusterStride() == 1;
}

/// The warp's lanes folded in lane order, as reduceCluster folds them for
/// each lane: with every lane active and one cluster, each lane's result is
/// this one, found once instead of once per lane.
Value WarpExchanges::reduceWarp(gpu::SubgroupReduceOp reduce, OpBuilder &b,
                                const Lanes &lanes) {
  vector::CombiningKind kind = gpu::convertReductionKind(reduce.getOp());
  Value first =
      memref::LoadOp::create(b, loc, lanes.buffer, threads.index(b, 0));
  auto fold = scf::ForOp::create(
      b, loc, threads.index(b, 1), lanes.count, threads.index(b, 1),
      ValueRange{first},
      [&](OpBuilder &fb, Location l, Value k, ValueRange args) {
        Value other = memref::LoadOp::create(fb, l, lanes.buffer, k);
        scf::YieldOp::create(
            fb, l, vector::makeArithReduction(fb, l, kind, args[0], other));
      });
  return fold.getResult(0);
}

FailureOr<Value> WarpExchanges::readResult(Operation *op, const Thread &t,
                                           OpBuilder &b, const Lanes &lanes,
                                           Value &valid) {
  Value lane = toI32(b, loc, t.lane);
  Value width = toI32(b, loc, lanes.count);
  if (auto reduce = dyn_cast<gpu::SubgroupReduceOp>(op))
    return reduceCluster(reduce, t, b, lanes, lane, width);
  FailureOr<Value> source =
      getSourceLane(op, t, b, lane, width, lanes.firstActive);
  if (failed(source))
    return failure();
  return readLane(b, loc, lanes.buffer, lane, *source, width, valid);
}

LogicalResult WarpExchanges::emit(Operation *op, Scope scope, OpBuilder &b) {
  LLVM_DEBUG(llvm::dbgs() << "splitting the warp at " << op->getName() << "\n");
  Value operand = op->getOperand(0);
  Lanes lanes;
  lanes.buffer = getBuffer(operand.getType());
  // Every active lane publishes its value...
  if (failed(
          threads.emitLaneLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
            IRMapping mapping;
            FailureOr<Value> v = values.materialize(operand, t, lb, mapping);
            if (failed(v))
              return failure();
            memref::StoreOp::create(lb, loc, *v, lanes.buffer, t.lane);
            return success();
          })))
    return failure();
  // ...then reads the one it wants.
  FailureOr<SmallVector<Value>> resultHomes =
      values.getOrCreateHomes(op->getResults());
  if (failed(resultHomes))
    return failure();
  lanes.count = threads.laneCount(scope.warp, b);
  lanes.active = scope.active;
  if (auto broadcast = dyn_cast<gpu::SubgroupBroadcastOp>(op);
      broadcast && !broadcast.getLane())
    lanes.firstActive = threads.firstActiveLane(scope, b);
  if (auto reduce = dyn_cast<gpu::SubgroupReduceOp>(op);
      reduce && !lanes.active && isWholeWarp(reduce)) {
    Value result = reduceWarp(reduce, b, lanes);
    return threads.emitLaneLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
      memref::StoreOp::create(lb, loc, result, (*resultHomes)[0], t.linear);
      return success();
    });
  }
  return threads.emitLaneLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
    Value valid;
    FailureOr<Value> result = readResult(op, t, lb, lanes, valid);
    if (failed(result))
      return failure();
    memref::StoreOp::create(lb, loc, *result, (*resultHomes)[0], t.linear);
    if (resultHomes->size() > 1)
      memref::StoreOp::create(lb, loc, valid, (*resultHomes)[1], t.linear);
    return success();
  });
}
