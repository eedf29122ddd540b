//===- AttachLoader.cpp - Make #offload.loader the modules' handler -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-attach-loader"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADATTACHLOADER
#include "dialects/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct AttachLoaderPass
    : public offload::impl::OffloadAttachLoaderBase<AttachLoaderPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<LoadMode> mode = symbolizeLoadMode(load);
    if (!mode) {
      emitError(module.getLoc()) << "offload-attach-loader: load = '" << load
                                 << "' is not ctor or lazy";
      return signalPassFailure();
    }
    LoaderAttr loader = LoaderAttr::getChecked(
        [&] { return emitError(module.getLoc(), "offload-attach-loader: "); },
        &getContext(), /*object=*/Attribute(), static_cast<int>(priority),
        *mode);
    if (!loader)
      return signalPassFailure();
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
      if (gpuModule.getOffloadingHandlerAttr())
        continue;
      gpuModule.setOffloadingHandlerAttr(loader);
      LLVM_DEBUG(llvm::dbgs() << "made " << loader << " the handler of "
                              << "gpu.module @" << gpuModule.getName() << "\n");
    }
  }
};
} // namespace
