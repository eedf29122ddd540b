//===- BarrierAnalysis.h - Where a kernel's threads must meet ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The thread loops split a kernel where its threads must meet: at a
// gpu.barrier, every thread of the block; at a subgroup operation, the lanes
// of a warp, as at an operation that the warp runs together although no
// value passes between its lanes (a warp matrix's load or store, which each
// lane does whole on the host). An operation with regions that holds such a
// point is where the split reaches into its regions.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_THREADS_BARRIERANALYSIS_H
#define OFFLOAD_CONVERSION_HOST_THREADS_BARRIERANALYSIS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::offload::threadloops {

/// Where threads must meet inside an operation, weakest first.
enum class Sync { None = 0, Warp = 1, Block = 2 };

/// Operations through which the lanes of a warp exchange values.
bool isExchange(Operation *op);

/// Operations that the lanes of a warp run together although they exchange
/// no value: each lane's finishes what comes before it in every lane before
/// any starts, and all finish before any lane goes on.
using WarpSynchronousOps = llvm::DenseSet<Operation *>;

/// Where threads must meet in each operation, found once per operation.
class BarrierAnalysis {
public:
  explicit BarrierAnalysis(const WarpSynchronousOps &warpSynchronous)
      : warpSynchronous(warpSynchronous) {}

  /// The strongest meeting in `op` or nested in it: a barrier needs the
  /// block, an exchange or a warp-synchronous op the warp.
  Sync getSync(Operation *op);
  /// Whether the lanes of a warp run `op` together, exchanging nothing.
  bool isWarpSynchronous(Operation *op) const {
    return warpSynchronous.contains(op);
  }

private:
  /// Where `op` alone, not what it holds, makes threads meet.
  Sync getOwnSync(Operation *op) const;

  const WarpSynchronousOps &warpSynchronous;
  DenseMap<Operation *, Sync> syncs;
};

} // namespace mlir::offload::threadloops

#endif // OFFLOAD_CONVERSION_HOST_THREADS_BARRIERANALYSIS_H
