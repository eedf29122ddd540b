//===- LowerGpuWaits.cpp - gpu.wait on streams, wherever tokens come from -===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "pipelines/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERGPUWAITS
#include "pipelines/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

namespace {
/// Calls to the mgpu stream and event functions, declared on first use.
class StreamCalls {
public:
  explicit StreamCalls(ModuleOp module)
      : module(module),
        ptrType(LLVM::LLVMPointerType::get(module.getContext())),
        voidType(LLVM::LLVMVoidType::get(module.getContext())) {}

  Value createStream(OpBuilder &b, Location loc) {
    return call(b, loc, "mgpuStreamCreate", ptrType, {});
  }
  void synchronizeStream(OpBuilder &b, Location loc, Value stream) {
    call(b, loc, "mgpuStreamSynchronize", voidType, {stream});
  }
  void destroyStream(OpBuilder &b, Location loc, Value stream) {
    call(b, loc, "mgpuStreamDestroy", voidType, {stream});
  }
  /// Makes `waiting` wait for the work queued on `stream` so far.
  void streamWaitsFor(OpBuilder &b, Location loc, Value waiting, Value stream) {
    Value event = call(b, loc, "mgpuEventCreate", ptrType, {});
    call(b, loc, "mgpuEventRecord", voidType, {event, stream});
    call(b, loc, "mgpuStreamWaitEvent", voidType, {waiting, event});
    call(b, loc, "mgpuEventDestroy", voidType, {event});
  }

private:
  Value call(OpBuilder &b, Location loc, StringRef name, Type result,
             ValueRange args) {
    auto function = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
    if (!function) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToEnd(module.getBody());
      function = LLVM::LLVMFuncOp::create(
          b, module.getLoc(), name,
          LLVM::LLVMFunctionType::get(result,
                                      SmallVector<Type>(args.size(), ptrType)));
    }
    auto callOp = LLVM::CallOp::create(b, loc, function, args);
    return isa<LLVM::LLVMVoidType>(result) ? Value() : callOp.getResult();
  }

  ModuleOp module;
  Type ptrType, voidType;
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
          calls.synchronizeStream(b, loc, stream);
          calls.destroyStream(b, loc, stream);
        }
      } else {
        Value joined = calls.createStream(b, loc);
        for (Value stream : streams)
          calls.streamWaitsFor(b, loc, joined, stream);
        Value token = UnrealizedConversionCastOp::create(
                          b, loc, wait.getAsyncToken().getType(), joined)
                          .getResult(0);
        wait.getAsyncToken().replaceAllUsesWith(token);
      }
      wait.erase();
    }
  }
};
} // namespace
