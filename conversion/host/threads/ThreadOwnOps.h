//===- ThreadOwnOps.h - Ops whose clone is a thread's own -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Most ops of a kernel are cloned into a thread loop's body as they are. A
// few mean something else in each thread, and their clones are made the
// thread's own: a thread id becomes the loop's thread, a static private
// allocation the thread's slice of private memory, and a cf.assert a call
// that stops the launch, naming the thread, when it fails.
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
  /// `block` is the MgpuHostBlock pointer (!llvm.ptr), through which a
  /// failed assert stops the launch with `trapMessage`'s message.
  ThreadOwnOps(PrivateMemory &memory, Value block, TrapMessageFn trapMessage,
               Location loc)
      : memory(memory), block(block), trapMessage(trapMessage), loc(loc) {}

  /// Whether the clone of `op` in a thread's loop body must be made that
  /// thread's: thread ids, static private allocations, assertions.
  bool isThreadsOwn(Operation *op) const;

  /// Makes the clones of `sources` (isThreadsOwn, as `mapping` maps them)
  /// thread `t`'s: its ids, its slices of private memory, a failed
  /// assertion stopping the launch with its message and thread.
  void makeThreadsOwn(ArrayRef<Operation *> sources, IRMapping &mapping,
                      const Thread &t);

private:
  /// Replaces `assertOp` by a call of the block's trap when its condition
  /// fails in thread `t`.
  void emitTrap(cf::AssertOp assertOp, const Thread &t);

  PrivateMemory &memory;
  Value block;
  TrapMessageFn trapMessage;
  Location loc;
};

} // namespace mlir::offload::threadloops

#endif // OFFLOAD_CONVERSION_HOST_THREADS_THREADOWNOPS_H
