//===- BlockThreads.h - The threads of a block, as loops --------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A thread of the block is an iteration of a loop: over the whole block
// (z, y, x, x innermost, so that LLVM vectorizes across threads), or over
// the lanes of one warp once the kernel has subgroup operations, the warps
// of the block running one after another. Inside a warp, control flow may
// diverge as on a GPU: a mask of lanes says which lanes run there.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_THREADS_BLOCKTHREADS_H
#define OFFLOAD_CONVERSION_HOST_THREADS_BLOCKTHREADS_H

#include "mgpu/mgpu.h"
#include "mlir/IR/Builders.h"
#include "mlir/Support/LLVM.h"

namespace mlir::offload::threadloops {

/// The lanes of a warp (a subgroup).
constexpr int64_t kWarpSize = MGPU_WARP_SIZE;

/// The thread that a loop body runs, as values in that body (index).
struct Thread {
  Value x, y, z;
  /// (z * blockDim.y + y) * blockDim.x + x: the index into per-thread arrays.
  Value linear;
  Value lane, warp;
};

/// Where ops are emitted: at block level, uniform across the block, or in a
/// warp loop for the warp whose index is `warp`, for the lanes whose entry in
/// `active` (memref<32xi1>) is set, or all of them without one. Inside a warp,
/// control flow may diverge as on the GPU: the lanes that take a branch are
/// the active ones in it, and exchanges see only those.
struct Scope {
  Value warp;
  Value active;
  bool isWarp() const { return static_cast<bool>(warp); }
};

/// Builds the body of a thread loop for thread `t`.
using BodyFn = function_ref<LogicalResult(OpBuilder &, const Thread &)>;

/// The threads whose x is in [from, bound).
struct XRange {
  Value from;
  Value bound;
};

/// Builds the body of a thread loop for thread `t`, one of those of the
/// `piece`-th XRange.
using PieceBodyFn =
    function_ref<LogicalResult(OpBuilder &, const Thread &, unsigned piece)>;

/// Emits, before a row of threads (a y and z) runs, what the row needs
/// first; `rowStart` is the linear index of its first thread.
using RowPrologueFn = function_ref<void(OpBuilder &, Value rowStart)>;

/// Operations whose value is the executing thread's id.
bool isThreadIdOp(Operation *op);

/// The value of `op`, a thread id operation, in thread `t`.
Value getThreadId(Operation *op, const Thread &t);

/// Emits loops over the threads of one block.
class BlockThreads {
public:
  /// `blockDim` are the block's sizes and `threads` their product; `warps`
  /// are loops of their own when `warpMode` (the kernel has subgroup
  /// operations).
  BlockThreads(Location loc, ArrayRef<Value> blockDim, Value threads,
               Value warps, bool warpMode)
      : loc(loc), blockDim{blockDim[0], blockDim[1], blockDim[2]},
        threads(threads), warps(warps), warpMode(warpMode) {}

  /// The number of threads of the block (index).
  Value getThreadCount() const { return threads; }
  /// The block's size in x (0), y (1) or z (2) (index).
  Value getBlockDim(unsigned dim) const { return blockDim[dim]; }
  /// Whether the threads run warp after warp.
  bool hasWarpLoops() const { return warpMode; }

  Value index(OpBuilder &b, int64_t value) const;

  /// Every thread of `scope`: the block's (z, y, x, x innermost), or the
  /// lanes of the scope's warp. `rowPrologue`, where given, runs before
  /// each row of the block's (not with warp loops).
  LogicalResult emitThreadLoop(Scope scope, OpBuilder &b, BodyFn body,
                               RowPrologueFn rowPrologue = nullptr);
  /// At block level without warp loops: for each z and each y in `rows`,
  /// `rowPrologue` where given, then a loop over the x of each of `pieces`
  /// in turn, whose body `body` builds; the threads of no piece do not run.
  LogicalResult emitThreadLoopInPieces(OpBuilder &b, XRange rows,
                                       ArrayRef<XRange> pieces,
                                       PieceBodyFn body,
                                       RowPrologueFn rowPrologue = nullptr);
  /// Every warp of the block: `body` gets the warp's index.
  LogicalResult
  emitWarpLoop(OpBuilder &b,
               function_ref<LogicalResult(OpBuilder &, Value)> body);
  /// The active lanes of `scope`'s warp: `body` once per lane.
  LogicalResult emitLaneLoop(Scope scope, OpBuilder &b, BodyFn body);

  /// The number of lanes that warp `warp` has (the last may be partial).
  Value laneCount(Value warp, OpBuilder &b);
  /// The lowest active lane of `scope`'s warp (index), or the lane count if
  /// none is.
  Value firstActiveLane(Scope scope, OpBuilder &b);
  /// The first (active) thread of `scope`.
  Thread firstThread(Scope scope, OpBuilder &b);

private:
  /// `for i in [from, bound)` (from 0 without `from`), with `body` built
  /// inside.
  LogicalResult emitFor(OpBuilder &b, Value bound,
                        function_ref<LogicalResult(OpBuilder &, Value)> body,
                        Value from = nullptr);
  Thread threadFromLinear(OpBuilder &b, Value linear, Value lane, Value warp);

  Location loc;
  Value blockDim[3];
  Value threads, warps;
  bool warpMode;
};

} // namespace mlir::offload::threadloops

#endif // OFFLOAD_CONVERSION_HOST_THREADS_BLOCKTHREADS_H
