//===- DivergentControlFlow.h - Control flow of a warp's lanes --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Inside a warp loop, control flow that holds a subgroup operation may
// diverge as on a GPU: a mask of the warp's lanes (memref<32xi1>) says which
// lanes run a branch, or are still in a loop, and the thread loops and
// exchanges there see only those. Each branch runs for the lanes that take
// it; a loop goes on while any lane is still in it. What runs inside is
// split again where the lanes meet, by the caller (ControlFlowSplit.h).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_THREADS_DIVERGENTCONTROLFLOW_H
#define OFFLOAD_CONVERSION_HOST_THREADS_DIVERGENTCONTROLFLOW_H

#include "conversion/host/threads/BlockThreads.h"
#include "conversion/host/threads/ThreadValues.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <functional>

namespace mlir::offload::threadloops {

/// Emits the ops of `block` (its terminator aside) in `scope` at `b`, split
/// where threads meet, then stores `yielded` into `homes`.
using EmitBlockFn =
    std::function<LogicalResult(Block &block, Scope scope, OpBuilder &b,
                                ValueRange yielded, ArrayRef<Value> homes)>;

/// Emits structured control flow in a warp loop, for the lanes that take
/// each branch or iteration.
class DivergentControlFlow {
public:
  /// `entry` is where lane masks are allocated, at the top of the function;
  /// `emitBlock` emits the blocks of the branches and loops.
  DivergentControlFlow(BlockThreads &threads, ThreadValues &values,
                       OpBuilder &entry, Location loc, EmitBlockFn emitBlock)
      : threads(threads), values(values), entry(entry), loc(loc),
        emitBlock(std::move(emitBlock)) {}

  /// `carried` are the homes of the loop's carried values.
  LogicalResult emitFor(scf::ForOp op, Scope scope, OpBuilder &b,
                        ArrayRef<Value> carried);
  LogicalResult emitIf(scf::IfOp op, Scope scope, OpBuilder &b);
  LogicalResult emitWhile(scf::WhileOp op, Scope scope, OpBuilder &b,
                          ArrayRef<Value> beforeHomes,
                          ArrayRef<Value> afterHomes);
  LogicalResult emitSwitch(scf::IndexSwitchOp op, Scope scope, OpBuilder &b);

private:
  /// Emits the block of `region`, then stores what its terminator yields
  /// into `resultHomes`.
  LogicalResult emitRegionBody(Region &region, Scope scope, OpBuilder &b,
                               ArrayRef<Value> resultHomes);

  /// memref<32xi1>, allocated once at the top of the function: the warps of
  /// a block run one after another, so one mask per construct serves all.
  Value newMask();
  void clearMask(Value mask, OpBuilder &b);
  /// Whether any lane of `mask` is set (i1).
  Value anyLane(Value mask, OpBuilder &b);
  /// A new lane mask of `scope`'s warp, set for the lanes active in `scope`
  /// for which `predicate` (an i1 made from the thread's values) holds.
  using PredicateFn =
      function_ref<FailureOr<Value>(OpBuilder &, const Thread &, IRMapping &)>;
  FailureOr<Value> emitMask(Scope scope, OpBuilder &b, PredicateFn predicate);
  /// The lanes of `scope` for which `condition` is `expected`.
  FailureOr<Value> emitMask(Scope scope, OpBuilder &b, Value condition,
                            bool expected);
  /// `scf.if` (any lane of `mask` set) with `body` built in it for the lanes
  /// of `mask`.
  LogicalResult
  emitMasked(Scope scope, Value mask, OpBuilder &b,
             function_ref<LogicalResult(Scope, OpBuilder &)> body);

  BlockThreads &threads;
  ThreadValues &values;
  OpBuilder &entry;
  Location loc;
  EmitBlockFn emitBlock;
};

} // namespace mlir::offload::threadloops

#endif // OFFLOAD_CONVERSION_HOST_THREADS_DIVERGENTCONTROLFLOW_H
