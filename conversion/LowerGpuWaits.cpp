//===- LowerGpuWaits.cpp - gpu.wait on streams, wherever tokens come from -===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/Passes.h"

#include "abi/RuntimeAbi.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-waits"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERGPUWAITS
#include "conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
namespace abi = mlir::offload::abi;

namespace {
/// Calls to the mgpu stream and event functions, declared from the runtime's
/// ABI table on first use.
class StreamCalls {
public:
  explicit StreamCalls(ModuleOp module) : module(module) {}

  FailureOr<Value> createStream(OpBuilder &b, Location loc) {
    return call(b, loc, abi::EntryPoint::mgpuStreamCreate, {});
  }
  LogicalResult synchronizeStream(OpBuilder &b, Location loc, Value stream) {
    return call(b, loc, abi::EntryPoint::mgpuStreamSynchronize, {stream});
  }
  LogicalResult destroyStream(OpBuilder &b, Location loc, Value stream) {
    return call(b, loc, abi::EntryPoint::mgpuStreamDestroy, {stream});
  }
  /// Makes `waiting` wait for the work queued on `stream` so far.
  LogicalResult streamWaitsFor(OpBuilder &b, Location loc, Value waiting,
                               Value stream) {
    FailureOr<Value> event = call(b, loc, abi::EntryPoint::mgpuEventCreate, {});
    if (failed(event) ||
        failed(
            call(b, loc, abi::EntryPoint::mgpuEventRecord, {*event, stream})) ||
        failed(call(b, loc, abi::EntryPoint::mgpuStreamWaitEvent,
                    {waiting, *event})))
      return failure();
    return call(b, loc, abi::EntryPoint::mgpuEventDestroy, {*event});
  }

private:
  /// The call's result, or a null value for a function returning void.
  FailureOr<Value> call(OpBuilder &b, Location loc, abi::EntryPoint entryPoint,
                        ValueRange args) {
    // Only pointers cross here: the width of intptr_t does not matter.
    FailureOr<LLVM::LLVMFuncOp> function =
        abi::getOrDeclare(module, loc, entryPoint, /*intPtrBits=*/64);
    if (failed(function))
      return failure();
    auto callOp = LLVM::CallOp::create(b, loc, *function, args);
    return callOp.getNumResults() ? callOp.getResult() : Value();
  }

  ModuleOp module;
};

/// The token that stands for the stream `token`'s work runs on. gpu-to-llvm
/// queues an asynchronous operation on the stream of its first dependency and
/// makes its token that stream, so tokens forked from one token share its
/// stream; gpu.wait async (below) and anything else start their own.
static Value getStreamToken(Value token) {
  while (Operation *producer = token.getDefiningOp()) {
    auto async = dyn_cast<gpu::AsyncOpInterface>(producer);
    if (!async || isa<gpu::WaitOp>(producer) ||
        async.getAsyncToken() != token || async.getAsyncDependencies().empty())
      break;
    token = async.getAsyncDependencies().front();
  }
  return token;
}

/// Where each stream that synchronous waits end is destroyed. Every wait
/// synchronizes the streams it names, but a stream may be destroyed once:
/// at the wait that every other wait on it dominates, which comes after them
/// all. Where there is none (waits on both arms of a branch), no wait
/// destroys it: a stream left alive costs little, one destroyed twice or
/// used after destruction fails the program.
static DenseMap<Value, Operation *>
getStreamDestroyers(ArrayRef<gpu::WaitOp> waits, DominanceInfo &dominance) {
  llvm::MapVector<Value, SmallVector<Operation *>> waitsOnStream;
  for (gpu::WaitOp wait : waits) {
    if (wait.getAsyncToken())
      continue;
    for (Value token : wait.getAsyncDependencies()) {
      SmallVector<Operation *> &onStream = waitsOnStream[getStreamToken(token)];
      if (onStream.empty() || onStream.back() != wait)
        onStream.push_back(wait);
    }
  }
  DenseMap<Value, Operation *> destroyers;
  for (auto &[stream, onStream] : waitsOnStream) {
    for (Operation *candidate : onStream) {
      if (llvm::all_of(onStream, [&](Operation *other) {
            return other == candidate || dominance.dominates(other, candidate);
          })) {
        destroyers[stream] = candidate;
        break;
      }
    }
    LLVM_DEBUG(if (!destroyers.count(stream)) llvm::dbgs()
               << "no wait comes after every other on " << stream
               << "; it is synchronized, not destroyed\n");
  }
  return destroyers;
}

struct LowerGpuWaitsPass
    : public offload::impl::OffloadLowerGpuWaitsBase<LowerGpuWaitsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::WaitOp> joins, waits;
    module.walk([&](gpu::WaitOp wait) {
      if (wait.getAsyncDependencies().empty() ||
          wait->getParentOfType<gpu::GPUModuleOp>())
        return;
      (wait.getAsyncToken() ? joins : waits).push_back(wait);
    });
    StreamCalls calls(module);
    // Joins first: their new streams are what later waits end.
    for (gpu::WaitOp join : joins)
      if (failed(lowerJoin(join, calls)))
        return signalPassFailure();
    DominanceInfo dominance(module);
    DenseMap<Value, Operation *> destroyers =
        getStreamDestroyers(waits, dominance);
    for (gpu::WaitOp wait : waits)
      if (failed(lowerWait(wait, destroyers, calls)))
        return signalPassFailure();
  }

  /// The streams `wait` names, each once: the casts of their stream tokens.
  SmallVector<std::pair<Value, Value>> getStreams(OpBuilder &b,
                                                  gpu::WaitOp wait) {
    llvm::SetVector<Value> streamTokens;
    for (Value token : wait.getAsyncDependencies())
      streamTokens.insert(getStreamToken(token));
    Type ptrType = LLVM::LLVMPointerType::get(&getContext());
    SmallVector<std::pair<Value, Value>> streams;
    for (Value token : streamTokens)
      streams.emplace_back(token, UnrealizedConversionCastOp::create(
                                      b, wait.getLoc(), ptrType, token)
                                      .getResult(0));
    return streams;
  }

  /// `gpu.wait async [...]`: a new stream that waits for the others.
  LogicalResult lowerJoin(gpu::WaitOp join, StreamCalls &calls) {
    LLVM_DEBUG(llvm::dbgs() << "lowering " << join << "\n");
    OpBuilder b(join);
    Location loc = join.getLoc();
    SmallVector<std::pair<Value, Value>> streams = getStreams(b, join);
    FailureOr<Value> joined = calls.createStream(b, loc);
    if (failed(joined))
      return failure();
    for (Value stream : llvm::make_second_range(streams))
      if (failed(calls.streamWaitsFor(b, loc, *joined, stream)))
        return failure();
    Value token = UnrealizedConversionCastOp::create(
                      b, loc, join.getAsyncToken().getType(), *joined)
                      .getResult(0);
    join.getAsyncToken().replaceAllUsesWith(token);
    join.erase();
    return success();
  }

  /// `gpu.wait [...]`: the host waits for the streams; the last wait on a
  /// stream destroys it.
  LogicalResult lowerWait(gpu::WaitOp wait,
                          const DenseMap<Value, Operation *> &destroyers,
                          StreamCalls &calls) {
    LLVM_DEBUG(llvm::dbgs() << "lowering " << wait << "\n");
    OpBuilder b(wait);
    Location loc = wait.getLoc();
    for (auto [token, stream] : getStreams(b, wait)) {
      if (failed(calls.synchronizeStream(b, loc, stream)))
        return failure();
      if (destroyers.lookup(token) == wait &&
          failed(calls.destroyStream(b, loc, stream)))
        return failure();
    }
    wait.erase();
    return success();
  }
};
} // namespace
