//===- AssignStreams.cpp - One stream for each GPU operation of host code -===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "abi/RuntimeAbi.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-assign-streams"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADASSIGNSTREAMS
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
namespace abi = mlir::offload::abi;

/// Whether `op` is one of the operations that gpu-to-llvm lowers only when
/// asynchronous, in its synchronous form.
static bool isSynchronousMemoryOp(Operation *op) {
  auto async = dyn_cast<gpu::AsyncOpInterface>(op);
  if (!async || async.getAsyncToken() || !async.getAsyncDependencies().empty())
    return false;
  if (auto alloc = dyn_cast<gpu::AllocOp>(op))
    return !alloc.getHostShared();
  return isa<gpu::MemcpyOp, gpu::MemsetOp, gpu::DeallocOp>(op);
}

/// `op` again, asynchronous, depending on `token`: the new operation's token.
static Value makeAsynchronous(OpBuilder &b, Operation *op, Value token) {
  Location loc = op->getLoc();
  Type tokenType = token.getType();
  if (auto memcpy = dyn_cast<gpu::MemcpyOp>(op))
    return gpu::MemcpyOp::create(b, loc, tokenType, token, memcpy.getDst(),
                                 memcpy.getSrc())
        .getAsyncToken();
  if (auto memset = dyn_cast<gpu::MemsetOp>(op))
    return gpu::MemsetOp::create(b, loc, tokenType, token, memset.getDst(),
                                 memset.getValue())
        .getAsyncToken();
  if (auto dealloc = dyn_cast<gpu::DeallocOp>(op))
    return gpu::DeallocOp::create(b, loc, tokenType, token, dealloc.getMemref())
        .getAsyncToken();
  auto alloc = cast<gpu::AllocOp>(op);
  auto newAlloc = gpu::AllocOp::create(
      b, loc, alloc.getMemref().getType(), tokenType, token,
      alloc.getDynamicSizes(), alloc.getSymbolOperands(), /*hostShared=*/false);
  alloc.getMemref().replaceAllUsesWith(newAlloc.getMemref());
  return newAlloc.getAsyncToken();
}

/// Makes `op` depend on one new stream, which waits for what `op` waited
/// for, if anything.
static void joinDependencies(gpu::AsyncOpInterface op) {
  OpBuilder b(op);
  unsigned count = op.getAsyncDependencies().size();
  LLVM_DEBUG(llvm::dbgs() << "one stream for the " << count
                          << " dependencies of " << *op << "\n");
  Value joined = gpu::WaitOp::create(b, op->getLoc(),
                                     gpu::AsyncTokenType::get(op->getContext()),
                                     op.getAsyncDependencies())
                     .getAsyncToken();
  if (count == 0) {
    op.addAsyncDependency(joined);
    return;
  }
  // The dependencies lead the operands of every asynchronous GPU op, as the
  // first operand segment where there are several.
  op->setOperand(0, joined);
  op->eraseOperands(1, count - 1);
  StringRef segments =
      OpTrait::AttrSizedOperandSegments<void>::getOperandSegmentSizeAttr();
  if (auto sizes = op->getAttrOfType<DenseI32ArrayAttr>(segments)) {
    SmallVector<int32_t> updated(sizes.asArrayRef());
    updated.front() = 1;
    op->setAttr(segments, b.getDenseI32ArrayAttr(updated));
  }
}

namespace {
struct AssignStreamsPass
    : public offload::impl::OffloadAssignStreamsBase<AssignStreamsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> synchronous;
    SmallVector<gpu::AsyncOpInterface> unjoined;
    // Pre-order, so that skipping a gpu.module skips its contents: kernels
    // and device functions have no streams of the host's.
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      if (isSynchronousMemoryOp(op))
        synchronous.push_back(op);
      else if (auto async = dyn_cast<gpu::AsyncOpInterface>(op);
               async && async.getAsyncToken() && !isa<gpu::WaitOp>(op) &&
               async.getAsyncDependencies().size() != 1)
        unjoined.push_back(async);
      return WalkResult::advance();
    });
    for (gpu::AsyncOpInterface op : unjoined)
      joinDependencies(op);
    if (synchronous.empty())
      return;
    FailureOr<LLVM::LLVMFuncOp> synchronize = abi::getOrDeclare(
        module, module.getLoc(), abi::EntryPoint::mgpuStreamSynchronize,
        /*intPtrBits=*/64);
    if (failed(synchronize))
      return signalPassFailure();
    Type ptrType = LLVM::LLVMPointerType::get(&getContext());
    Type tokenType = gpu::AsyncTokenType::get(&getContext());
    for (Operation *op : synchronous) {
      LLVM_DEBUG(llvm::dbgs()
                 << "queuing on the thread's stream: " << *op << "\n");
      OpBuilder b(op);
      Location loc = op->getLoc();
      // Every token is a stream once gpu-to-llvm has run; the null stream is
      // the calling thread's own in libmgpu.
      Value threadStream = LLVM::ZeroOp::create(b, loc, ptrType);
      Value token =
          UnrealizedConversionCastOp::create(b, loc, tokenType, threadStream)
              .getResult(0);
      Value done = makeAsynchronous(b, op, token);
      Value stream = UnrealizedConversionCastOp::create(b, loc, ptrType, done)
                         .getResult(0);
      LLVM::CallOp::create(b, loc, *synchronize, stream);
      op->erase();
    }
  }
};
} // namespace
