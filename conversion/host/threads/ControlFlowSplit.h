//===- ControlFlowSplit.h - A kernel's regions between splits ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The ops of a kernel run as thread loops, one loop per run of ops between
// two points where threads meet (BarrierAnalysis.h). Structured control
// flow that holds such a point is hoisted out of the thread loops and its
// regions split in turn: at block level it is uniform across the block, as
// CUDA requires, and its conditions and bounds are those of the first
// thread; inside a warp loop the lanes may diverge, and each branch or loop
// runs for the lanes that take it (DivergentControlFlow.h).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_THREADS_CONTROLFLOWSPLIT_H
#define OFFLOAD_CONVERSION_HOST_THREADS_CONTROLFLOWSPLIT_H

#include "conversion/host/memory/PrivateMemory.h"
#include "conversion/host/threads/BarrierAnalysis.h"
#include "conversion/host/threads/BlockThreads.h"
#include "conversion/host/threads/DivergentControlFlow.h"
#include "conversion/host/threads/LoopsAcrossThreads.h"
#include "conversion/host/threads/ThreadOwnOps.h"
#include "conversion/host/threads/ThreadValues.h"
#include "conversion/host/threads/WarpExchange.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::offload::threadloops {

/// Emits a kernel's structured control flow as thread loops, split where
/// threads must meet.
class ControlFlowSplitter {
public:
  /// `entry` is where allocations go, at the top of the function.
  ControlFlowSplitter(BarrierAnalysis &barriers, BlockThreads &threads,
                      ThreadValues &values, PrivateMemory &memory,
                      ThreadOwnOps &ownOps, WarpExchanges &exchanges,
                      OpBuilder &entry, Location loc)
      : barriers(barriers), threads(threads), values(values), memory(memory),
        ownOps(ownOps), exchanges(exchanges), loc(loc),
        divergent(threads, values, entry, loc,
                  [this](Block &block, Scope scope, OpBuilder &b,
                         ValueRange yielded, ArrayRef<Value> homes) {
                    return emitBlock(block, scope, b, yielded, homes);
                  }) {}
  /// `divergent` calls back into this splitter, which stays where it is.
  ControlFlowSplitter(const ControlFlowSplitter &) = delete;
  ControlFlowSplitter &operator=(const ControlFlowSplitter &) = delete;

  /// Emits the ops of `block`, the kernel's body, at block level at `b`.
  LogicalResult emitBody(Block &block, OpBuilder &b) {
    return emitOps(bodyOps(block), Scope{}, b);
  }

private:
  static SmallVector<Operation *> bodyOps(Block &block) {
    return llvm::map_to_vector(block.without_terminator(),
                               [](Operation &op) { return &op; });
  }

  /// Emits `ops` in `scope`: a thread loop for each run of ops between two
  /// points where threads meet at the scope's level.
  LogicalResult emitOps(ArrayRef<Operation *> ops, Scope scope, OpBuilder &b);
  /// A run of ops: its thread loop, or at block level with warps, a loop
  /// over the warps in which the run is split at exchanges.
  LogicalResult emitRun(ArrayRef<Operation *> run, Scope scope, OpBuilder &b);
  /// A piece of a run's thread loop: the threads whose x is in `range`, in
  /// each of which each of `known`'s tests of the run has the value given.
  struct XPiece {
    XRange range;
    SmallVector<std::pair<Value, bool>, 2> known;
  };
  /// The pieces that `run`'s thread loop runs, in turn, in each of `rows`
  /// (y), which it may narrow; none when it runs every thread with nothing
  /// known.
  FailureOr<SmallVector<XPiece, 2>> getXPieces(ArrayRef<Operation *> run,
                                               Scope scope, OpBuilder &b,
                                               XRange &rows);
  /// A run whose effects are all in one `if` whose condition tests x or y:
  /// the piece of the threads that pass (its rows narrowed by the tests of
  /// y), the others doing nothing; a piece with nothing known otherwise.
  FailureOr<XPiece> narrowToBranch(ArrayRef<Operation *> run, Scope scope,
                                   OpBuilder &b, XRange &rows);
  /// A run with a test of x that decides a branch or a choice: two pieces,
  /// the threads that pass and the others; none otherwise.
  FailureOr<SmallVector<XPiece, 2>> splitAtCompare(ArrayRef<Operation *> run,
                                                   Scope scope, OpBuilder &b);
  /// Narrows `piece` by `conjunct`, one test of a run's condition, where it
  /// is `x + offset < limit` or `x + offset > limit` (either way round,
  /// signed or unsigned, the sum marked as one that does not wrap), or
  /// `rows` where given by such a test of y, and adds it to `piece.known` as
  /// true; false where it is not such a test.
  FailureOr<bool> narrowByCompare(Value conjunct, Scope scope, OpBuilder &b,
                                  XPiece &piece, XRange *rows);
  /// Clones `run` into thread `t`'s loop body at `b`, and keeps what later
  /// loops need; each of `known`'s tests has the value given in every
  /// thread of the loop.
  LogicalResult cloneRun(ArrayRef<Operation *> run, const Thread &t,
                         OpBuilder &b,
                         ArrayRef<std::pair<Value, bool>> known = {});
  /// Emits `op`, control flow that holds a point where threads meet.
  LogicalResult emitControl(Operation *op, Scope scope, OpBuilder &b);
  /// Emits the ops of `block`, then stores `yielded` into `homes`.
  LogicalResult emitBlock(Block &block, Scope scope, OpBuilder &b,
                          ValueRange yielded, ArrayRef<Value> homes);
  /// Emits the ops of `region`'s block, then stores what its terminator
  /// yields into `resultHomes`.
  LogicalResult emitRegionBody(Region &region, Scope scope, OpBuilder &b,
                               ArrayRef<Value> resultHomes);
  /// `walked`, where not null, is the grid-stride loop that `op` runs the
  /// first iterations of: each iteration prefetches what the next one's
  /// threads access (StridedWalk), which is a cache line per thread's worth
  /// of elements in one thread's but `stride` elements away; all at once
  /// before the threads run, or, where the threads span the block's rows,
  /// each row's part before the row (rowPrefetches, for the iteration's one
  /// run of ops).
  LogicalResult emitFor(scf::ForOp op, Scope scope, OpBuilder &b,
                        const GridStrideLoops *walked = nullptr);
  /// What iteration k + 1 of `walked`'s first loop accesses: each walk,
  /// its memref and other indices as uniform values, from `next` on.
  struct Prefetches {
    SmallVector<StridedWalk> walks;
    Value next;
  };
  /// At `b`, in the block-level iteration `k` of `walked`'s first loop.
  FailureOr<Prefetches> preparePrefetches(const GridStrideLoops &walked,
                                          Value k, Scope scope, OpBuilder &b);
  /// A prefetch of each cache line of `prefetches`' walks that the `count`
  /// threads from `from` on access.
  void emitPrefetchLines(const Prefetches &prefetches, Value from, Value count,
                         OpBuilder &b);
  /// Keeps each value that `op`'s body yields, where it can, in the array
  /// of the carried value it replaces (`carried`).
  void shareCarriedHomes(scf::ForOp op, ArrayRef<Value> carried);
  LogicalResult emitIf(scf::IfOp op, Scope scope, OpBuilder &b);
  LogicalResult emitWhile(scf::WhileOp op, Scope scope, OpBuilder &b);
  LogicalResult emitSwitch(scf::IndexSwitchOp op, Scope scope, OpBuilder &b);

  /// While a grid-stride iteration whose threads span rows is emitted:
  /// what each row of its run prefetches.
  const Prefetches *rowPrefetches = nullptr;
  BarrierAnalysis &barriers;
  BlockThreads &threads;
  ThreadValues &values;
  PrivateMemory &memory;
  ThreadOwnOps &ownOps;
  WarpExchanges &exchanges;
  Location loc;
  /// Control flow inside a warp loop, whose lanes may diverge.
  DivergentControlFlow divergent;
};

} // namespace mlir::offload::threadloops

#endif // OFFLOAD_CONVERSION_HOST_THREADS_CONTROLFLOWSPLIT_H
