//===- ThreadLoops.cpp - A kernel as loops over its threads ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/threads/ThreadLoops.h"

#include "conversion/host/memory/PrivateMemory.h"
#include "conversion/host/threads/BarrierAnalysis.h"
#include "conversion/host/threads/BlockThreads.h"
#include "conversion/host/threads/ControlFlowSplit.h"
#include "conversion/host/threads/ThreadOwnOps.h"
#include "conversion/host/threads/ThreadValues.h"
#include "conversion/host/threads/WarpExchange.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::offload;
using namespace mlir::offload::threadloops;

/// A kernel in branches (cf) cannot be split: it has neither barriers nor
/// subgroup operations.
static LogicalResult checkSplittable(gpu::GPUFuncOp kernel,
                                     BarrierAnalysis &barriers) {
  if (kernel.getBody().hasOneBlock())
    return success();
  if (barriers.getSync(kernel) == Sync::None)
    return success();
  return kernel.emitError()
         << "kernel @" << kernel.getName()
         << " has barriers or subgroup operations in unstructured control "
            "flow (cf branches), which the host target cannot split; write "
            "its control flow with scf";
}

/// A kernel in branches without barriers: each thread runs the whole CFG.
static LogicalResult
emitWholeKernelPerThread(gpu::GPUFuncOp kernel, BlockThreads &threads,
                         PrivateMemory &memory, ThreadOwnOps &ownOps,
                         const IRMapping &uniform, OpBuilder &b) {
  Location loc = kernel.getLoc();
  Block &body = kernel.getBody().front();
  LogicalResult result =
      threads.emitThreadLoop(Scope{}, b, [&](OpBuilder &lb, const Thread &t) {
        IRMapping mapping;
        for (BlockArgument arg : body.getArguments()) {
          // Kernel arguments and workgroup attributions are uniform; private
          // attributions (of static shape, checked before) are the thread's.
          bool isPrivate = memory.contains(arg);
          assert((isPrivate || uniform.contains(arg)) &&
                 "every argument of the entry block is mapped");
          mapping.map(arg, isPrivate ? memory.getSlice(arg, t.linear, lb)
                                     : uniform.lookup(arg));
        }
        // The thread's stack allocations are freed when it is done.
        OpBuilder::InsertionGuard guard(lb);
        lb.setInsertionPoint(createAllocaScope(lb, loc));
        auto region = scf::ExecuteRegionOp::create(lb, loc, TypeRange{});
        kernel.getBody().cloneInto(&region.getRegion(), mapping);
        // The entry block's arguments were mapped; its clone has them too.
        Block &clonedEntry = region.getRegion().front();
        clonedEntry.eraseArguments(0, clonedEntry.getNumArguments());
        SmallVector<Operation *> fixups;
        kernel.getBody().walk([&](Operation *op) {
          if (ownOps.isThreadsOwn(op))
            fixups.push_back(op);
        });
        ownOps.makeThreadsOwn(fixups, mapping, t);
        SmallVector<gpu::ReturnOp> returns;
        region.walk([&](gpu::ReturnOp ret) { returns.push_back(ret); });
        for (gpu::ReturnOp ret : returns) {
          OpBuilder rb(ret);
          scf::YieldOp::create(rb, ret.getLoc());
          ret.erase();
        }
        ownOps.stopFailedThreads(region.getRegion());
        return success();
      });
  if (failed(result))
    return failure();
  ownOps.trapIfFailed(b);
  return success();
}

FailureOr<int64_t>
mlir::offload::emitThreadLoops(gpu::GPUFuncOp kernel, OpBuilder &builder,
                               const BlockValues &values, IRMapping &uniform,
                               TrapMessageFn trapMessage,
                               const WarpSynchronousOps &warpSynchronous) {
  BarrierAnalysis barriers(warpSynchronous);
  if (failed(checkSplittable(kernel, barriers)))
    return failure();
  bool warpMode = false;
  kernel.walk([&](Operation *op) {
    warpMode |= isExchange(op) || barriers.isWarpSynchronous(op);
  });

  Location loc = kernel.getLoc();
  Value bx = values.threadsX, by = values.blockDim[1];
  Value threadCount = arith::MulIOp::create(
      builder, loc, arith::MulIOp::create(builder, loc, bx, by),
      values.blockDim[2]);
  Value warps = arith::CeilDivUIOp::create(
      builder, loc, threadCount,
      arith::ConstantIndexOp::create(builder, loc, kWarpSize));
  // Allocations go before this op, loops after it: every per-thread array
  // dominates every loop, whenever it is made. (It folds away later.)
  Operation *anchor = arith::ConstantIndexOp::create(builder, loc, 0);
  OpBuilder entry(anchor);
  PrivateMemory memory(kernel, entry, values.privateMemory, threadCount);
  if (failed(memory.allocate()))
    return failure();

  Value loopSizes[3] = {bx, by, values.blockDim[2]};
  BlockThreads threads(loc, loopSizes, threadCount, warps, warpMode);
  ThreadOwnOps ownOps(memory, values, trapMessage, entry, loc);
  if (!kernel.getBody().hasOneBlock()) {
    if (failed(emitWholeKernelPerThread(kernel, threads, memory, ownOps,
                                        uniform, builder)))
      return failure();
    return memory.getBytesPerThread();
  }
  // The block's sizes are the same in every thread, used by the kernel or
  // not (a grid-stride loop's rewrite needs blockDim.x).
  for (Value size : values.blockDim)
    uniform.map(size, size);
  uniform.map(bx, bx);
  ThreadValues threadValues(uniform, threads, memory, entry, loc);
  WarpExchanges exchanges(threads, threadValues, entry, loc);
  ControlFlowSplitter splitter(barriers, threads, threadValues, memory, ownOps,
                               exchanges, entry, loc);
  if (failed(splitter.emitBody(kernel.getBody().front(), builder)))
    return failure();
  return memory.getBytesPerThread();
}
