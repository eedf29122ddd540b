//===- PrivateMemory.h - The memory of each thread of a block ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A thread's static private allocations (memref.alloca, private
// attributions) must live across the thread loops, and a worker's stack
// could not hold 1024 threads' worth: each takes one slice per thread of
// the private memory that the runtime gives the block
// (MgpuHostBlock::privateMemory). What else a thread allocates stays on the
// worker's stack, freed after the thread's run between two splits unless
// memory it made there is used after it.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_MEMORY_PRIVATEMEMORY_H
#define OFFLOAD_CONVERSION_HOST_MEMORY_PRIVATEMEMORY_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::offload::threadloops {

/// The slices of the block's private memory, one per static private
/// allocation of a kernel and thread.
class PrivateMemory {
public:
  /// `base` (!llvm.ptr) is the block's private memory, `threads` (index) the
  /// number of threads of the block; `entry` is where the memref over the
  /// private memory is made, at the top of the function.
  PrivateMemory(gpu::GPUFuncOp kernel, OpBuilder &entry, Value base,
                Value threads)
      : kernel(kernel), entry(entry), base(base), threads(threads),
        loc(kernel.getLoc()), layout(DataLayout::closest(kernel)) {}

  /// Gives each static private allocation one slice per thread. Each slice
  /// is aligned as its element type and the alloca asks (16 bytes at least,
  /// as an alloca on the stack would be); an alloca that asks for more than
  /// the runtime aligns private memory to stays on the stack. Reports at
  /// the op what it cannot give memory.
  LogicalResult allocate();

  /// The bytes of private memory each thread needs.
  int64_t getBytesPerThread() const { return bytesPerThread; }

  /// Whether `memory` (a memref.alloca's result or a private attribution)
  /// has a slice per thread.
  bool contains(Value memory) const { return slices.count(memory); }

  /// The slice of `memory` (contains()) of the thread whose linear index is
  /// `linear`, as `memory`'s type.
  Value getSlice(Value memory, Value linear, OpBuilder &b);

  /// Whether the stack allocations of `run`, a thread's run of ops between
  /// two splits (`isInside` says which ops are in it), can be freed after
  /// each thread's run: 1024 threads' worth would not fit a worker's stack.
  /// They cannot where stack memory the run made is used after it.
  bool canFreeStackAfter(ArrayRef<Operation *> run,
                         function_ref<bool(Operation *)> isInside) const;

private:
  /// Where the slices of one allocation lie: one after another, from
  /// `start` bytes per thread into the private memory.
  struct Slice {
    int64_t start;
    int64_t bytesPerThread;
  };

  /// Gives `memory` its slices, aligned to `requested` bytes at least; `at`
  /// is where errors go.
  LogicalResult add(Value memory, uint64_t requested, Operation *at);
  /// Whether `op` runs at most once in each thread.
  bool runsOncePerThread(Operation *op) const;
  /// Whether `memory`, a memref that a run of ops makes (`isInside`), may be
  /// stack memory allocated in the run, which an alloca scope around the
  /// run would free: what a view of such memory or an op in the run
  /// returns. Private memory, and views of what the run did not make, are
  /// not.
  bool mayBeRunStack(Value memory,
                     function_ref<bool(Operation *)> isInside) const;
  /// The private memory as memref<?xi8> in `memorySpace`, made once.
  Value getMemory(Attribute memorySpace);

  gpu::GPUFuncOp kernel;
  OpBuilder &entry;
  Value base, threads;
  Location loc;
  DataLayout layout;
  DenseMap<Value, Slice> slices;
  int64_t bytesPerThread = 0;
  DenseMap<Attribute, Value> memories;
};

/// An empty memref.alloca_scope at `b`: its terminator, before which the
/// scope's allocations go.
Operation *createAllocaScope(OpBuilder &b, Location loc);

} // namespace mlir::offload::threadloops

#endif // OFFLOAD_CONVERSION_HOST_MEMORY_PRIVATEMEMORY_H
