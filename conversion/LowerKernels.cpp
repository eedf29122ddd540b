//===- LowerKernels.cpp - Each gpu.module with its targets' lowering ------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/Passes.h"

#include "dialects/KernelLowering.h"
#include "dialects/OffloadDialect.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-kernels"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERKERNELS
#include "conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct LowerKernelsPass
    : public offload::impl::OffloadLowerKernelsBase<LowerKernelsPass> {
  using Base::Base;

  // Each lowering's dialects load with the offload dialect
  // (registerKernelLowering), which holds the targets.
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<OffloadDialect>();
  }

  void runOnOperation() override {
    SmallVector<gpu::GPUModuleOp> modules(
        getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp module : modules) {
      FailureOr<KernelLoweringAttrInterface> lowering =
          getModuleLowering(module);
      if (failed(lowering))
        return signalPassFailure();
      LLVM_DEBUG(llvm::dbgs()
                 << "lowering gpu.module @" << module.getName() << " with "
                 << lowering->describeLowering() << "\n");
      if (failed(runPipeline(getPipeline(*lowering), module)))
        return signalPassFailure();
    }
  }

private:
  /// The passes of `lowering`, made once per lowering and kept: a pipeline's
  /// passes initialize (canonicalization collects its patterns) once.
  OpPassManager &getPipeline(KernelLoweringAttrInterface lowering) {
    auto [it, inserted] = pipelines.try_emplace(
        lowering.getLoweringName(), gpu::GPUModuleOp::getOperationName());
    if (inserted) {
      KernelLoweringOptions options;
      options.indexBitwidth = indexBitwidth;
      options.kernelBarePtr = kernelBarePtr;
      lowering.addLoweringPasses(it->second, options);
    }
    return it->second;
  }

  llvm::StringMap<OpPassManager> pipelines;
};
} // namespace
