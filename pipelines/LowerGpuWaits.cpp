//===- LowerGpuWaits.cpp - gpu.wait on streams, wherever tokens come from -===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "pipelines/Passes.h"

#include "dialects/RuntimeAbi.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-waits"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERGPUWAITS
#include "pipelines/Passes.h.inc"
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

struct LowerGpuWaitsPass
    : public offload::impl::OffloadLowerGpuWaitsBase<LowerGpuWaitsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::WaitOp> waits;
    module.walk([&](gpu::WaitOp wait) {
      if (!wait.getAsyncDependencies().empty() &&
          !wait->getParentOfType<gpu::GPUModuleOp>())
        waits.push_back(wait);
    });

    StreamCalls calls(module);
    Type ptrType = LLVM::LLVMPointerType::get(&getContext());
    for (gpu::WaitOp wait : waits) {
      OpBuilder b(wait);
      Location loc = wait.getLoc();
      LLVM_DEBUG(llvm::dbgs() << "lowering " << wait << "\n");
      // A token listed twice is one stream, to be destroyed once.
      llvm::SetVector<Value> tokens(wait.getAsyncDependencies().begin(),
                                    wait.getAsyncDependencies().end());
      SmallVector<Value> streams;
      for (Value token : tokens)
        streams.push_back(
            UnrealizedConversionCastOp::create(b, loc, ptrType, token)
                .getResult(0));

      if (!wait.getAsyncToken()) {
        for (Value stream : streams) {
          if (failed(calls.synchronizeStream(b, loc, stream)) ||
              failed(calls.destroyStream(b, loc, stream)))
            return signalPassFailure();
        }
      } else {
        FailureOr<Value> joined = calls.createStream(b, loc);
        if (failed(joined))
          return signalPassFailure();
        for (Value stream : streams)
          if (failed(calls.streamWaitsFor(b, loc, *joined, stream)))
            return signalPassFailure();
        Value token = UnrealizedConversionCastOp::create(
                          b, loc, wait.getAsyncToken().getType(), *joined)
                          .getResult(0);
        wait.getAsyncToken().replaceAllUsesWith(token);
      }
      wait.erase();
    }
  }
};
} // namespace
