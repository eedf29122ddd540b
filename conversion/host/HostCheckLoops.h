//===- HostCheckLoops.h - Accesses told once a loop -------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A checked kernel (HostKernelChecks.h) tells the runtime of each access to
// workgroup and global memory, a call each. Within one thread, between two
// barriers, the order of its accesses matters to the runtime only where a
// read of workgroup memory meets a write of the same thread (a byte read
// before the thread writes it was not written); races are between threads,
// and runs of global memory are sets. So an access that an scf.for without
// a barrier makes at an index that moves with the loop's induction variable
// can be told once before the loop, as its iterations' elements, a constant
// stride apart, when every one of them is in bounds (the others the loop
// reports and skips one by one).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_HOSTCHECKLOOPS_H
#define OFFLOAD_CONVERSION_HOST_HOSTCHECKLOOPS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::offload {

/// An access that its loop can tell before it runs: each index of the
/// access is loop-invariant or the induction variable plus a loop-invariant
/// value (or the induction variable alone).
struct LoopAccess {
  scf::ForOp loop;
  /// For each index: whether it moves with the loop, and what it adds to
  /// the induction variable (null: nothing), or else the index itself.
  SmallVector<bool> moves;
  SmallVector<Value> values;
};

/// The loop that can tell `access` (of `memref` at `indices`) before it
/// runs, if any: its innermost scf.for, holding no barrier, the access
/// directly in its body, with index bounds, and (for workgroup memory,
/// `workgroup`) no access of another kind to workgroup memory in the loop:
/// no write for a read (`writes` false), no read for a write.
std::optional<LoopAccess> findLoopAccess(Operation *access, Value memref,
                                         ValueRange indices, bool workgroup,
                                         bool writes);

/// At `b` (before the loop): each index at the loop's first iteration, and
/// whether every iteration's index is in [0, size) of its dimension
/// (`sizes`, the memref's), computed without overflow: the trip count n
/// (the loop's induction variable not wrapping on its way to the upper
/// bound), then for an index that moves, first < size and (n - 1) <=
/// (size - 1 - first) / step. `tripCount` is set to n.
Value loopAccessInBounds(OpBuilder &b, Location loc, const LoopAccess &access,
                         ArrayRef<Value> sizes,
                         SmallVectorImpl<Value> &firstIndices,
                         Value &tripCount);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_HOSTCHECKLOOPS_H
