//===- WarpExchange.h - Values exchanged by the lanes of a warp -*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A subgroup operation (gpu.shuffle in its four modes, gpu.rotate,
// gpu.subgroup_broadcast, gpu.subgroup_reduce) splits the loop over a
// warp's lanes in two: in the first, every active lane publishes its
// operand in a buffer of the warp; in the second, each takes what it asked
// for (another lane's value, or the fold of its cluster's values), which is
// kept per thread for what follows.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_THREADS_WARPEXCHANGE_H
#define OFFLOAD_CONVERSION_HOST_THREADS_WARPEXCHANGE_H

#include "conversion/host/threads/BlockThreads.h"
#include "conversion/host/threads/ThreadValues.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::offload::threadloops {

/// Emits the exchanges of a kernel's warps.
class WarpExchanges {
public:
  /// `entry` is where the buffers are allocated, one per type.
  WarpExchanges(BlockThreads &threads, ThreadValues &values, OpBuilder &entry,
                Location loc)
      : threads(threads), values(values), entry(entry), loc(loc) {}

  /// Emits `op` (isExchange) for the active lanes of `scope`'s warp, at `b`.
  LogicalResult emit(Operation *op, Scope scope, OpBuilder &b);

private:
  /// The lanes of the warp, as the exchange sees them.
  struct Lanes {
    /// The warp's lanes (memref<32xT>), where each published its operand.
    Value buffer;
    /// How many lanes the warp has (index).
    Value count;
    /// The mask of the active lanes, or null: all.
    Value active;
    /// The lowest active lane (index), for a broadcast from it; or null.
    Value firstActive;
  };

  /// A buffer in which the 32 lanes of a warp publish values of `type`.
  Value getBuffer(Type type);
  /// Whether `reduce` folds all 32 lanes of the warp into one value.
  static bool isWholeWarp(gpu::SubgroupReduceOp reduce);
  /// The fold of every lane of a warp whose lanes are all active.
  Value reduceWarp(gpu::SubgroupReduceOp reduce, OpBuilder &b,
                   const Lanes &lanes);
  /// The result of `op` for lane `t`, once every active lane published its
  /// operand; `valid` is set to whether the source lane was there (not
  /// for a reduction).
  FailureOr<Value> readResult(Operation *op, const Thread &t, OpBuilder &b,
                              const Lanes &lanes, Value &valid);
  /// The lane (i32) whose value lane `lane` (i32) reads in `op`, a shuffle,
  /// a rotation or a broadcast; `width` (i32), the lanes there are, shrinks
  /// to the lanes the op works in.
  FailureOr<Value> getSourceLane(Operation *op, const Thread &t, OpBuilder &b,
                                 Value lane, Value &width, Value firstActive);
  /// The fold of lane `lane`'s (i32) cluster of the `width` (i32) lanes.
  Value reduceCluster(gpu::SubgroupReduceOp reduce, const Thread &t,
                      OpBuilder &b, const Lanes &lanes, Value lane,
                      Value width);

  BlockThreads &threads;
  ThreadValues &values;
  OpBuilder &entry;
  Location loc;
  DenseMap<Type, Value> buffers;
};

} // namespace mlir::offload::threadloops

#endif // OFFLOAD_CONVERSION_HOST_THREADS_WARPEXCHANGE_H
