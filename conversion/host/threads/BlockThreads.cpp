//===- BlockThreads.cpp - The threads of a block, as loops ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/threads/BlockThreads.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::offload::threadloops;

bool mlir::offload::threadloops::isThreadIdOp(Operation *op) {
  return isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp>(op);
}

Value mlir::offload::threadloops::getThreadId(Operation *op, const Thread &t) {
  if (auto id = dyn_cast<gpu::ThreadIdOp>(op))
    return id.getDimension() == gpu::Dimension::x   ? t.x
           : id.getDimension() == gpu::Dimension::y ? t.y
                                                    : t.z;
  if (isa<gpu::LaneIdOp>(op))
    return t.lane;
  return t.warp; // gpu.subgroup_id
}

Value BlockThreads::index(OpBuilder &b, int64_t value) const {
  return arith::ConstantIndexOp::create(b, loc, value);
}

LogicalResult
BlockThreads::emitFor(OpBuilder &b, Value bound,
                      function_ref<LogicalResult(OpBuilder &, Value)> body,
                      Value from) {
  auto loop =
      scf::ForOp::create(b, loc, from ? from : index(b, 0), bound, index(b, 1));
  OpBuilder inner = OpBuilder::atBlockTerminator(loop.getBody());
  return body(inner, loop.getInductionVar());
}

Thread BlockThreads::threadFromLinear(OpBuilder &b, Value linear, Value lane,
                                      Value warp) {
  Thread t;
  t.linear = linear;
  t.lane = lane;
  t.warp = warp;
  Value bx = blockDim[0], by = blockDim[1];
  t.x = arith::RemUIOp::create(b, loc, linear, bx);
  Value rest = arith::DivUIOp::create(b, loc, linear, bx);
  t.y = arith::RemUIOp::create(b, loc, rest, by);
  t.z = arith::DivUIOp::create(b, loc, rest, by);
  return t;
}

LogicalResult BlockThreads::emitThreadLoop(Scope scope, OpBuilder &b,
                                           BodyFn body,
                                           RowPrologueFn rowPrologue) {
  if (scope.isWarp())
    return emitLaneLoop(scope, b, body);
  if (warpMode)
    return emitWarpLoop(b, [&](OpBuilder &wb, Value warp) {
      return emitLaneLoop(Scope{warp, Value()}, wb, body);
    });
  Value zero = index(b, 0);
  return emitThreadLoopInPieces(
      b, XRange{zero, blockDim[1]}, XRange{zero, blockDim[0]},
      [&](OpBuilder &xb, const Thread &t, unsigned) { return body(xb, t); },
      rowPrologue);
}

LogicalResult BlockThreads::emitThreadLoopInPieces(OpBuilder &b, XRange rows,
                                                   ArrayRef<XRange> pieces,
                                                   PieceBodyFn body,
                                                   RowPrologueFn rowPrologue) {
  assert(!warpMode && "only a loop over the block's threads runs in pieces");
  return emitFor(b, blockDim[2], [&](OpBuilder &zb, Value z) {
    return emitFor(
        zb, rows.bound,
        [&](OpBuilder &yb, Value y) {
          Value row = arith::AddIOp::create(
              yb, loc, arith::MulIOp::create(yb, loc, z, blockDim[1]), y);
          Value rowStart = arith::MulIOp::create(yb, loc, row, blockDim[0]);
          if (rowPrologue)
            rowPrologue(yb, rowStart);
          for (auto [piece, range] : llvm::enumerate(pieces)) {
            auto emitted = emitFor(
                yb, range.bound,
                [&, piece = piece](OpBuilder &xb, Value x) {
                  Value linear = arith::AddIOp::create(xb, loc, rowStart, x);
                  Value size = index(xb, kWarpSize);
                  Thread t{x,
                           y,
                           z,
                           linear,
                           arith::RemUIOp::create(xb, loc, linear, size),
                           arith::DivUIOp::create(xb, loc, linear, size)};
                  return body(xb, t, piece);
                },
                range.from);
            if (failed(emitted))
              return failure();
          }
          return success();
        },
        rows.from);
  });
}

LogicalResult BlockThreads::emitWarpLoop(
    OpBuilder &b, function_ref<LogicalResult(OpBuilder &, Value)> body) {
  return emitFor(b, warps, body);
}

LogicalResult BlockThreads::emitLaneLoop(Scope scope, OpBuilder &b,
                                         BodyFn body) {
  // The warp's threads are consecutive in the block's order: a run of
  // consecutive x in each row (y, z) that the warp spans. Looping over those
  // rows, then over x in each, gives each lane its ids without a division,
  // and the inner loop runs over consecutive x, which the vectorizer takes.
  Value first = arith::MulIOp::create(b, loc, scope.warp, index(b, kWarpSize));
  Value end = arith::AddIOp::create(b, loc, first, laneCount(scope.warp, b));
  Value bx = blockDim[0], by = blockDim[1];
  Value one = index(b, 1);
  Value firstRow = arith::DivUIOp::create(b, loc, first, bx);
  Value rowsEnd = arith::AddIOp::create(
      b, loc,
      arith::DivUIOp::create(b, loc, arith::SubIOp::create(b, loc, end, one),
                             bx),
      one);
  auto rows = scf::ForOp::create(b, loc, firstRow, rowsEnd, one);
  OpBuilder rb = OpBuilder::atBlockTerminator(rows.getBody());
  Value row = rows.getInductionVar();
  Value rowStart = arith::MulIOp::create(rb, loc, row, bx);
  Value from = arith::MaxUIOp::create(rb, loc, first, rowStart);
  Value to = arith::MinUIOp::create(
      rb, loc, end, arith::AddIOp::create(rb, loc, rowStart, bx));
  Value y = arith::RemUIOp::create(rb, loc, row, by);
  Value z = arith::DivUIOp::create(rb, loc, row, by);
  auto threadsOfRow = scf::ForOp::create(rb, loc, from, to, one);
  OpBuilder inner = OpBuilder::atBlockTerminator(threadsOfRow.getBody());
  Value linear = threadsOfRow.getInductionVar();
  Value lane = arith::SubIOp::create(inner, loc, linear, first);
  Thread t{arith::SubIOp::create(inner, loc, linear, rowStart),
           y,
           z,
           linear,
           lane,
           scope.warp};
  if (!scope.active)
    return body(inner, t);
  Value isActive = memref::LoadOp::create(inner, loc, scope.active, lane);
  auto ifActive = scf::IfOp::create(inner, loc, isActive);
  OpBuilder then = OpBuilder::atBlockTerminator(ifActive.thenBlock());
  return body(then, t);
}

Value BlockThreads::laneCount(Value warp, OpBuilder &b) {
  Value first = arith::MulIOp::create(b, loc, warp, index(b, kWarpSize));
  Value left = arith::SubIOp::create(b, loc, threads, first);
  return arith::MinUIOp::create(b, loc, left, index(b, kWarpSize));
}

Value BlockThreads::firstActiveLane(Scope scope, OpBuilder &b) {
  if (!scope.active)
    return index(b, 0);
  Value lanes = laneCount(scope.warp, b);
  auto scan = scf::ForOp::create(
      b, loc, index(b, 0), lanes, index(b, 1), ValueRange{lanes},
      [&](OpBuilder &fb, Location l, Value lane, ValueRange found) {
        Value isActive = memref::LoadOp::create(fb, l, scope.active, lane);
        Value none = arith::CmpIOp::create(fb, l, arith::CmpIPredicate::eq,
                                           found[0], lanes);
        Value take = arith::AndIOp::create(fb, l, isActive, none);
        scf::YieldOp::create(
            fb, l,
            ValueRange{arith::SelectOp::create(fb, l, take, lane, found[0])});
      });
  return scan.getResult(0);
}

Thread BlockThreads::firstThread(Scope scope, OpBuilder &b) {
  if (!scope.isWarp()) {
    Value zero = index(b, 0);
    return Thread{zero, zero, zero, zero, zero, zero};
  }
  Value lane = firstActiveLane(scope, b);
  Value linear = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, scope.warp, index(b, kWarpSize)),
      lane);
  return threadFromLinear(b, linear, lane, scope.warp);
}
