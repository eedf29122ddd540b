//===- ThreadValues.h - Values that cross a split ---------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A value that a thread computes in one loop and uses in a later one (after
// a barrier or an exchange) is uniform (the same in every thread), or
// recomputed in the later loop when it is a pure function of the thread's
// ids and of uniform values, or else kept in its home: an array of the
// block's size, one element per thread.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_THREADS_THREADVALUES_H
#define OFFLOAD_CONVERSION_HOST_THREADS_THREADVALUES_H

#include "conversion/host/memory/PrivateMemory.h"
#include "conversion/host/threads/BlockThreads.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::offload::threadloops {

/// The values of each thread across the loops of a kernel.
class ThreadValues {
public:
  /// `uniform` maps the kernel's values that are the same in every thread
  /// to the function's; `entry` is where homes are allocated.
  ThreadValues(IRMapping &uniform, BlockThreads &threads, PrivateMemory &memory,
               OpBuilder &entry, Location loc)
      : uniform(uniform), threads(threads), memory(memory), entry(entry),
        loc(loc) {}

  /// Whether `v` is the same in every thread: a uniform value, or a pure
  /// function of uniform values that no thread id enters.
  bool isUniform(Value v, int depth = 0) const;
  /// `v` as `threadIdx.<dim> + offset`, `offset` the same in every thread
  /// (either operand first): `offset` and the add, both null where `v` is
  /// the id alone.
  struct IdPlusOffset {
    Value offset;
    arith::AddIOp add;
  };
  std::optional<IdPlusOffset> matchIdPlusUniform(Value v,
                                                 gpu::Dimension dim) const;
  /// Whether `v` can be computed afresh in any thread loop from uniform
  /// values and the thread's ids, instead of being kept per thread.
  bool canRecompute(Value v, int depth = 0) const;
  /// Makes `v` uniform, as `to` (the induction variable of a loop hoisted
  /// out of the thread loops).
  void mapUniform(Value v, Value to) { uniform.map(v, to); }

  /// The per-thread array that keeps `v` between loops.
  FailureOr<Value> getOrCreateHome(Value v);
  FailureOr<SmallVector<Value>> getOrCreateHomes(ValueRange values);
  /// Makes `home` the array that keeps `v` (a loop's result, kept where its
  /// carried value is).
  void setHome(Value v, Value home) { homes[v] = home; }
  /// Whether `v` has its per-thread array already.
  bool hasHome(Value v) const { return homes.contains(v); }
  /// Drops `v`'s array, if any: `v` is gone (its op was erased).
  void forgetHome(Value v) { homes.erase(v); }

  /// The value of `v` in thread `t`, in a loop body at `b`: uniform, computed
  /// afresh, or loaded from its per-thread array. `mapping` holds what the
  /// body has already.
  FailureOr<Value> materialize(Value v, const Thread &t, OpBuilder &b,
                               IRMapping &mapping);
  /// The value of `v` in the first (active) thread of `scope`, which CUDA
  /// requires to be the value of every thread there (a loop bound; a
  /// condition at block level).
  FailureOr<Value> uniformValue(Value v, Scope scope, OpBuilder &b);
  /// Stores `sources[i]`, as each thread has it, into `targets[i]`: all
  /// values are read before any is written, so that a swap stays a swap.
  /// A value kept in its target already is not copied.
  LogicalResult emitStores(Scope scope, OpBuilder &b, ValueRange sources,
                           ArrayRef<Value> targets);

private:
  IRMapping &uniform;
  BlockThreads &threads;
  PrivateMemory &memory;
  OpBuilder &entry;
  Location loc;
  DenseMap<Value, Value> homes;
};

} // namespace mlir::offload::threadloops

#endif // OFFLOAD_CONVERSION_HOST_THREADS_THREADVALUES_H
