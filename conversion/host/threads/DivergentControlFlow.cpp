//===- DivergentControlFlow.cpp - Control flow of a warp's lanes ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/threads/DivergentControlFlow.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-host"

using namespace mlir;
using namespace mlir::offload::threadloops;

LogicalResult
DivergentControlFlow::emitRegionBody(Region &region, Scope scope, OpBuilder &b,
                                     ArrayRef<Value> resultHomes) {
  Block &block = region.front();
  return emitBlock(block, scope, b, block.getTerminator()->getOperands(),
                   resultHomes);
}

//===----------------------------------------------------------------------===//
// Lane masks
//===----------------------------------------------------------------------===//

Value DivergentControlFlow::newMask() {
  return memref::AllocaOp::create(
      entry, loc, MemRefType::get({kWarpSize}, entry.getI1Type()));
}

void DivergentControlFlow::clearMask(Value mask, OpBuilder &b) {
  Value cleared = arith::ConstantIntOp::create(b, loc, 0, 1);
  scf::ForOp::create(b, loc, threads.index(b, 0), threads.index(b, kWarpSize),
                     threads.index(b, 1), ValueRange{},
                     [&](OpBuilder &fb, Location l, Value lane, ValueRange) {
                       memref::StoreOp::create(fb, l, cleared, mask, lane);
                       scf::YieldOp::create(fb, l);
                     });
}

Value DivergentControlFlow::anyLane(Value mask, OpBuilder &b) {
  auto scan = scf::ForOp::create(
      b, loc, threads.index(b, 0), threads.index(b, kWarpSize),
      threads.index(b, 1),
      ValueRange{arith::ConstantIntOp::create(b, loc, 0, 1)},
      [&](OpBuilder &fb, Location l, Value lane, ValueRange any) {
        Value set = memref::LoadOp::create(fb, l, mask, lane);
        scf::YieldOp::create(
            fb, l, ValueRange{arith::OrIOp::create(fb, l, any[0], set)});
      });
  return scan.getResult(0);
}

FailureOr<Value> DivergentControlFlow::emitMask(Scope scope, OpBuilder &b,
                                                PredicateFn predicate) {
  Value mask = newMask();
  clearMask(mask, b);
  if (failed(
          threads.emitLaneLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
            IRMapping mapping;
            FailureOr<Value> set = predicate(lb, t, mapping);
            if (failed(set))
              return failure();
            memref::StoreOp::create(lb, loc, *set, mask, t.lane);
            return success();
          })))
    return failure();
  return mask;
}

FailureOr<Value> DivergentControlFlow::emitMask(Scope scope, OpBuilder &b,
                                                Value condition,
                                                bool expected) {
  return emitMask(
      scope, b,
      [&](OpBuilder &lb, const Thread &t,
          IRMapping &mapping) -> FailureOr<Value> {
        FailureOr<Value> c = values.materialize(condition, t, lb, mapping);
        if (failed(c) || expected)
          return c;
        return arith::XOrIOp::create(
                   lb, loc, *c, arith::ConstantIntOp::create(lb, loc, 1, 1))
            .getResult();
      });
}

LogicalResult DivergentControlFlow::emitMasked(
    Scope scope, Value mask, OpBuilder &b,
    function_ref<LogicalResult(Scope, OpBuilder &)> body) {
  auto branch = scf::IfOp::create(b, loc, anyLane(mask, b));
  OpBuilder inner = OpBuilder::atBlockTerminator(branch.thenBlock());
  return body(Scope{scope.warp, mask}, inner);
}

//===----------------------------------------------------------------------===//
// Branches
//===----------------------------------------------------------------------===//

LogicalResult DivergentControlFlow::emitIf(scf::IfOp op, Scope scope,
                                           OpBuilder &b) {
  // Lanes may go either way: each branch runs for the lanes that take it.
  FailureOr<SmallVector<Value>> resultHomes =
      values.getOrCreateHomes(op.getResults());
  if (failed(resultHomes))
    return failure();
  bool hasElse = !op.getElseRegion().empty();
  FailureOr<Value> thenLanes = emitMask(scope, b, op.getCondition(), true);
  FailureOr<Value> elseLanes =
      hasElse ? emitMask(scope, b, op.getCondition(), false)
              : FailureOr<Value>(Value());
  if (failed(thenLanes) || failed(elseLanes))
    return failure();
  auto emitBranch = [&](Region &region, Value lanes) {
    return emitMasked(scope, lanes, b, [&](Scope inner, OpBuilder &ib) {
      return emitRegionBody(region, inner, ib, *resultHomes);
    });
  };
  if (failed(emitBranch(op.getThenRegion(), *thenLanes)))
    return failure();
  return success(!hasElse ||
                 succeeded(emitBranch(op.getElseRegion(), *elseLanes)));
}

LogicalResult DivergentControlFlow::emitSwitch(scf::IndexSwitchOp op,
                                               Scope scope, OpBuilder &b) {
  // Each case runs for the lanes that select it, the default for the rest.
  FailureOr<SmallVector<Value>> resultHomes =
      values.getOrCreateHomes(op.getResults());
  if (failed(resultHomes))
    return failure();
  ArrayRef<int64_t> cases = op.getCases();
  SmallVector<Value> lanes;
  for (size_t i = 0; i <= cases.size(); ++i) {
    FailureOr<Value> mask = emitMask(
        scope, b,
        [&](OpBuilder &lb, const Thread &t,
            IRMapping &mapping) -> FailureOr<Value> {
          FailureOr<Value> selected =
              values.materialize(op.getArg(), t, lb, mapping);
          if (failed(selected))
            return failure();
          auto is = [&](int64_t value) {
            return arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::eq,
                                         *selected, threads.index(lb, value));
          };
          if (i < cases.size())
            return is(cases[i]).getResult();
          Value none = arith::ConstantIntOp::create(lb, loc, 1, 1);
          for (int64_t value : cases)
            none = arith::AndIOp::create(
                lb, loc, none,
                arith::XOrIOp::create(
                    lb, loc, is(value),
                    arith::ConstantIntOp::create(lb, loc, 1, 1)));
          return none;
        });
    if (failed(mask))
      return failure();
    lanes.push_back(*mask);
  }
  for (size_t i = 0; i <= cases.size(); ++i) {
    Region &region =
        i < cases.size() ? op.getCaseRegions()[i] : op.getDefaultRegion();
    if (failed(emitMasked(scope, lanes[i], b, [&](Scope inner, OpBuilder &ib) {
          return emitRegionBody(region, inner, ib, *resultHomes);
        })))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

/// Each lane runs the iterations of its own bounds, in step with the others
/// as on a GPU: the k-th time round, the lanes that have a k-th iteration
/// are the active ones. The loop goes on while any lane has one.
LogicalResult DivergentControlFlow::emitFor(scf::ForOp op, Scope scope,
                                            OpBuilder &b,
                                            ArrayRef<Value> carried) {
  LLVM_DEBUG(llvm::dbgs() << "lanes of a warp run scf.for with bounds of their "
                             "own\n");
  FailureOr<Value> inductionHome = values.getOrCreateHome(op.getInductionVar());
  if (failed(inductionHome))
    return failure();
  Value looping = newMask();
  clearMask(looping, b);
  // Whether lane `t`, at iteration `iv`, has more to do.
  auto before = [&](OpBuilder &lb, const Thread &t, IRMapping &mapping,
                    Value iv) -> LogicalResult {
    FailureOr<Value> ub =
        values.materialize(op.getUpperBound(), t, lb, mapping);
    if (failed(ub))
      return failure();
    Value stays =
        arith::CmpIOp::create(lb, loc,
                              op.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                              iv, *ub);
    memref::StoreOp::create(lb, loc, iv, *inductionHome, t.linear);
    memref::StoreOp::create(lb, loc, stays, looping, t.lane);
    return success();
  };
  if (failed(
          threads.emitLaneLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
            IRMapping mapping;
            FailureOr<Value> first =
                values.materialize(op.getLowerBound(), t, lb, mapping);
            if (failed(first))
              return failure();
            return before(lb, t, mapping, *first);
          })))
    return failure();

  Scope inLoop{scope.warp, looping};
  auto loop = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  Block *condition = &loop.getBefore().emplaceBlock();
  Block *body = &loop.getAfter().emplaceBlock();
  OpBuilder conditionBuilder = OpBuilder::atBlockBegin(condition);
  scf::ConditionOp::create(conditionBuilder, loc,
                           anyLane(looping, conditionBuilder), ValueRange{});
  OpBuilder bodyBuilder = OpBuilder::atBlockBegin(body);
  auto yield = scf::YieldOp::create(bodyBuilder, loc);
  bodyBuilder.setInsertionPoint(yield);
  if (failed(emitRegionBody(op.getRegion(), inLoop, bodyBuilder, carried)))
    return failure();
  // After an iteration at iv < ub, the lane has another where ub - iv >
  // step (unsigned, exact): iv + step, which could wrap past the end of the
  // type and compare below ub, is not compared (the lowerings' loops run
  // the iterations lb <= i < ub only: transforms/CountedLoops.h).
  return threads.emitLaneLoop(
      inLoop, bodyBuilder, [&](OpBuilder &lb, const Thread &t) {
        IRMapping mapping;
        FailureOr<Value> step =
            values.materialize(op.getStep(), t, lb, mapping);
        FailureOr<Value> ub =
            values.materialize(op.getUpperBound(), t, lb, mapping);
        if (failed(step) || failed(ub))
          return failure();
        Value iv = memref::LoadOp::create(lb, loc, *inductionHome, t.linear);
        Value left = arith::SubIOp::create(lb, loc, *ub, iv);
        Value stays = arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::ugt,
                                            left, *step);
        memref::StoreOp::create(lb, loc,
                                arith::AddIOp::create(lb, loc, iv, *step),
                                *inductionHome, t.linear);
        memref::StoreOp::create(lb, loc, stays, looping, t.lane);
        return success();
      });
}

/// Each lane leaves the loop when its condition fails; the loop goes on
/// while any lane is still in it.
LogicalResult DivergentControlFlow::emitWhile(scf::WhileOp op, Scope scope,
                                              OpBuilder &b,
                                              ArrayRef<Value> beforeHomes,
                                              ArrayRef<Value> afterHomes) {
  Value looping = newMask();
  clearMask(looping, b);
  Value set = arith::ConstantIntOp::create(b, loc, 1, 1);
  if (failed(
          threads.emitLaneLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
            memref::StoreOp::create(lb, loc, set, looping, t.lane);
            return success();
          })))
    return failure();
  Scope inLoop{scope.warp, looping};

  auto loop = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  Block *before = &loop.getBefore().emplaceBlock();
  Block *after = &loop.getAfter().emplaceBlock();
  OpBuilder beforeBuilder = OpBuilder::atBlockBegin(before);
  scf::ConditionOp condition = op.getConditionOp();
  if (failed(emitBlock(*op.getBeforeBody(), inLoop, beforeBuilder,
                       condition.getArgs(), afterHomes)))
    return failure();
  if (failed(threads.emitLaneLoop(
          inLoop, beforeBuilder, [&](OpBuilder &lb, const Thread &t) {
            IRMapping mapping;
            FailureOr<Value> stays =
                values.materialize(condition.getCondition(), t, lb, mapping);
            if (failed(stays))
              return failure();
            memref::StoreOp::create(lb, loc, *stays, looping, t.lane);
            return success();
          })))
    return failure();
  scf::ConditionOp::create(beforeBuilder, loc, anyLane(looping, beforeBuilder),
                           ValueRange{});

  OpBuilder afterBuilder = OpBuilder::atBlockBegin(after);
  auto yield = scf::YieldOp::create(afterBuilder, loc);
  afterBuilder.setInsertionPoint(yield);
  return emitRegionBody(op.getAfter(), inLoop, afterBuilder, beforeHomes);
}
