//===- ThreadLoops.h - A kernel as loops over its threads -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// On the host, one call runs one block of a kernel: every thread of it, as
// loops. A kernel without barriers or subgroup operations becomes one loop
// nest over its threads (z, y, x, with x innermost, so that LLVM can
// vectorize across threads). Otherwise the kernel is split where threads
// must meet, as CuPBoP and PoCL do:
//
// - at a gpu.barrier, all threads of the block finish the loop before the
//   barrier before any starts the loop after it;
// - at a subgroup exchange (gpu.shuffle, gpu.rotate, gpu.subgroup_broadcast),
//   the loops run over warps of 32 lanes, and the lanes of a warp finish the
//   loop before the exchange before any reads another lane's value; at an
//   op that the warp runs together without an exchange (a warp matrix's
//   load or store), every lane runs it between two such loops.
//
// A structured operation that contains a barrier (scf.for, scf.if, scf.while,
// scf.index_switch) is uniform across the block (CUDA requires it), so it is
// hoisted out of the thread loops, its condition taken from thread 0, and
// its regions split in turn; one that contains only exchanges is uniform
// across the warp and hoisted into the warp loop. A value computed before a
// split and used after it is recomputed there if it is a pure function of
// the thread's ids and of uniform values, and otherwise kept per thread in an
// array of the block's size.
//
// The parts, one file each: BarrierAnalysis.h (where threads must meet),
// BlockThreads.h (the loops over threads, warps and lanes), ThreadValues.h
// (values that cross a split), PrivateMemory.h (each thread's memory),
// ThreadOwnOps.h (thread ids, private allocations and asserts in a thread's
// clone), WarpExchange.h (subgroup operations), ControlFlowSplit.h (the
// splitting of structured control flow), DivergentControlFlow.h (control
// flow whose lanes diverge in a warp).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_THREADS_THREADLOOPS_H
#define OFFLOAD_CONVERSION_HOST_THREADS_THREADLOOPS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::offload {

/// What the block function knows of its block, as values at its top level.
struct BlockValues {
  /// Index values, x, y and z.
  Value blockId[3];
  Value gridDim[3];
  Value blockDim[3];
  /// The threads in x that the thread loops run: blockDim.x, or that times
  /// the blocks of a row that one call runs together (BlockRows.h).
  Value threadsX;
  /// Blocks per cluster.
  Value clusterDim[3];
  /// The block's dynamic shared memory: memref<?xi8, workgroup>.
  Value sharedMemory;
  /// The MgpuHostBlock pointer (!llvm.ptr), for a failed cf.assert.
  Value block;
  /// The threads' private memory (!llvm.ptr), as many bytes for each thread
  /// as emitThreadLoops() says.
  Value privateMemory;
};

/// Makes the message of a failed cf.assert (an !llvm.ptr to a C string).
using TrapMessageFn = function_ref<Value(OpBuilder &, Location, StringRef)>;

/// Emits the body of `kernel` at `builder`'s insertion point (a function's
/// entry block) as loops over its threads. `uniform` maps the kernel's
/// arguments to the new function's; the kernel is a single block of
/// structured control flow, or branches (cf) without barriers or subgroup
/// operations, which each thread runs whole, and its collectives
/// (gpu.all_reduce, gpu.subgroup_reduce) were lowered already.
/// `trapMessage` makes the message of a failed cf.assert. Static private
/// allocations (memref.alloca, private attributions), which must live across
/// the loops, take their memory from `values.privateMemory`: the result is
/// how many bytes each thread needs there, which fits MgpuHostKernel's
/// 32 bits. The lanes of a warp meet at each op of `warpSynchronous` as at
/// an exchange. Reports what it cannot split, or give memory, at the op.
FailureOr<int64_t>
emitThreadLoops(gpu::GPUFuncOp kernel, OpBuilder &builder,
                const BlockValues &values, IRMapping &uniform,
                TrapMessageFn trapMessage,
                const llvm::DenseSet<Operation *> &warpSynchronous);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_THREADS_THREADLOOPS_H
