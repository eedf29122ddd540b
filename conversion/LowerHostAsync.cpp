//===- LowerHostAsync.cpp - The host's async ops, where it has any --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/Passes.h"

#include "mlir/Conversion/AsyncToLLVM/AsyncToLLVM.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Async/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-host-async"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERHOSTASYNC
#include "conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

/// Upstream's lowering of the async dialect, in the order of MLIR's GPU
/// programs; then the coroutines it outlines (func.func, cf.assert) to the
/// LLVM dialect, as the rest of the host code is already.
static void addAsyncLowering(OpPassManager &pm) {
  pm.addPass(createAsyncToAsyncRuntimePass());
  pm.addPass(createAsyncRuntimeRefCountingPass());
  pm.addPass(createAsyncRuntimeRefCountingOptPass());
  pm.addPass(createConvertAsyncToLLVMPass());
  pm.addPass(createConvertToLLVMPass());
}

namespace {
struct LowerHostAsyncPass
    : public offload::impl::OffloadLowerHostAsyncBase<LowerHostAsyncPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool hasAsync = false;
    module.walk([&](Operation *op) {
      if (isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      hasAsync |= isa_and_nonnull<async::AsyncDialect>(op->getDialect());
      return hasAsync ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (!hasAsync)
      return;
    LLVM_DEBUG(llvm::dbgs() << "lowering the host's async ops\n");
    OpPassManager pm(ModuleOp::getOperationName());
    addAsyncLowering(pm);
    if (failed(runPipeline(pm, module)))
      signalPassFailure();
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(ModuleOp::getOperationName());
    addAsyncLowering(pm);
    pm.getDependentDialects(registry);
  }
};
} // namespace
