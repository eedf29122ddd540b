//===- ThreadOwnOps.h - Ops whose clone is a thread's own -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Most ops of a kernel are cloned into a thread loop's body as they are. A
// few mean something else in each thread, and their clones are made the
// thread's own: a thread id becomes the loop's thread, a static private
// allocation the thread's slice of private memory, and a cf.assert what a
// GPU does when it fails.
//
// On a GPU, every thread that reaches a failing assert prints its line
// (conversion/common/AssertReport.h) and stops, and then the launch fails.
// Here a thread whose assert fails prints it and runs nothing more of its
// loop body; the other threads of the loop run theirs, and may fail it in
// turn; after the loop, before any thread goes past the barrier or the
// exchange where the loop ends, the block stops through its trap with the
// first failure, which ends the launch (in a kernel whose warps run one
// after another, the warps after the failing one do not run).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_THREADS_THREADOWNOPS_H
#define OFFLOAD_CONVERSION_HOST_THREADS_THREADOWNOPS_H

#include "conversion/host/memory/PrivateMemory.h"
#include "conversion/host/threads/BlockThreads.h"
#include "conversion/host/threads/ThreadLoops.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"

namespace mlir::offload::threadloops {

/// Makes the clones of thread ids, private allocations and asserts a
/// thread's own.
class ThreadOwnOps {
public:
  /// `values` are the block's (its ids, and the MgpuHostBlock through whose
  /// trap a failed assert stops the launch with `trapMessage`'s message);
  /// `entry` is where the function's allocations go.
  ThreadOwnOps(PrivateMemory &memory, const BlockValues &values,
               TrapMessageFn trapMessage, OpBuilder &entry, Location loc)
      : memory(memory), values(values), trapMessage(trapMessage), entry(entry),
        loc(loc) {}

  /// Whether the clone of `op` in a thread's loop body must be made that
  /// thread's: thread ids, static private allocations, assertions.
  bool isThreadsOwn(Operation *op) const;

  /// Makes the clones of `sources` (isThreadsOwn, as `mapping` maps them)
  /// thread `t`'s: its ids, its slices of private memory, an assertion
  /// that reports its failure.
  void makeThreadsOwn(ArrayRef<Operation *> sources, IRMapping &mapping,
                      const Thread &t);

  /// Once a thread loop's `body` (the region of its clones) is complete: a
  /// thread whose assertion failed there runs nothing more of it.
  void stopFailedThreads(Region &body);

  /// After a thread loop whose body stopFailedThreads saw an assertion in:
  /// stops the block if a thread failed one.
  void trapIfFailed(OpBuilder &b);

private:
  /// Replaces `assertOp` by what thread `t` does when it fails: print its
  /// line, keep the block's first failure, and stop.
  void reportFailure(cf::AssertOp assertOp, const Thread &t);
  /// The function's record of failures, made at its entry on first use.
  void makeFailureRecord();
  /// Whether the current thread has stopped (i1), loaded at `b`.
  Value isStopped(OpBuilder &b, Location l);

  PrivateMemory &memory;
  const BlockValues &values;
  TrapMessageFn trapMessage;
  OpBuilder &entry;
  Location loc;
  /// The reports of failures (scf.if ops) since the last stopFailedThreads.
  SmallVector<Operation *> failures;
  /// Whether a thread loop since the last trapIfFailed has reports.
  bool unchecked = false;
  /// !llvm.ptr allocas: the block's first failure's message (null until
  /// one), its thread's ids (3 x i32), and whether the thread in its loop
  /// body has stopped (i1).
  Value firstMessage, firstThread, stopped;
};

} // namespace mlir::offload::threadloops

#endif // OFFLOAD_CONVERSION_HOST_THREADS_THREADOWNOPS_H
