//===- LowerKernels.cpp - Each gpu.module with its targets' lowering ------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/Passes.h"

#include "dialects/CudaChips.h"
#include "dialects/KernelLowering.h"
#include "dialects/OffloadDialect.h"
#include "transforms/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/OptimizeForNVVM.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-kernels"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERKERNELS
#include "conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// The oldest compute capability with redux.sync.
static constexpr unsigned kReduxArch = 80;

/// Whether every target of `module` (GPU targets only) has redux.sync.
static bool allTargetsHaveRedux(gpu::GPUModuleOp module) {
  ArrayAttr targets = module.getTargetsAttr();
  if (!targets || targets.empty())
    return false;
  return llvm::all_of(targets, [](Attribute target) {
    StringRef chip;
    if (auto cudaTarget = dyn_cast<CudaTargetAttr>(target))
      chip = cudaTarget.getChip();
    else if (auto nvvmTarget = dyn_cast<NVVM::NVVMTargetAttr>(target))
      chip = nvvmTarget.getChip();
    const cuda::Chip *known = cuda::lookupChip(chip);
    return known && known->arch >= kReduxArch;
  });
}

namespace {
struct LowerKernelsPass
    : public offload::impl::OffloadLowerKernelsBase<LowerKernelsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager gpus = makeGpuPipeline(/*redux=*/true),
                  host = makeHostPipeline();
    gpus.getDependentDialects(registry);
    host.getDependentDialects(registry);
    makeSpirvPipeline().getDependentDialects(registry);
    makeRocdlPipeline().getDependentDialects(registry);
  }

  LogicalResult initialize(MLIRContext *context) override {
    gpuPipeline = makeGpuPipeline(/*redux=*/false);
    reduxGpuPipeline = makeGpuPipeline(/*redux=*/true);
    hostPipeline = makeHostPipeline();
    spirvPipeline = makeSpirvPipeline();
    rocdlPipeline = makeRocdlPipeline();
    return success();
  }

  void runOnOperation() override {
    SmallVector<gpu::GPUModuleOp> modules(
        getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp module : modules) {
      FailureOr<KernelLowering> lowering = getModuleLowering(module);
      if (failed(lowering))
        return signalPassFailure();
      LLVM_DEBUG(llvm::dbgs()
                 << "lowering gpu.module @" << module.getName() << " with "
                 << describeLowering(*lowering) << "\n");
      if (failed(runPipeline(getPipeline(module, *lowering), module)))
        return signalPassFailure();
    }
  }

private:
  /// The one lowering that `module`'s targets take (NVVM's without targets).
  static FailureOr<KernelLowering> getModuleLowering(gpu::GPUModuleOp module) {
    ArrayAttr targets = module.getTargetsAttr();
    if (!targets || targets.empty())
      return KernelLowering::Nvvm;
    auto emitError = [&] {
      return mlir::emitError(module.getLoc())
             << "gpu.module @" << module.getName() << ": ";
    };
    FailureOr<KernelLowering> first = getKernelLowering(targets[0], emitError);
    if (failed(first))
      return failure();
    for (Attribute target : targets) {
      FailureOr<KernelLowering> lowering = getKernelLowering(target, emitError);
      if (failed(lowering))
        return failure();
      if (*lowering == *first)
        continue;
      return mlir::emitError(module.getLoc())
             << "gpu.module @" << module.getName() << " lists " << targets[0]
             << " and " << target << ", whose kernels need different "
             << "lowerings (" << describeLowering(*first) << ", "
             << describeLowering(*lowering)
             << "): run offload-split-by-lowering first";
    }
    return first;
  }

  OpPassManager &getPipeline(gpu::GPUModuleOp module, KernelLowering lowering) {
    switch (lowering) {
    case KernelLowering::Host:
      return hostPipeline;
    case KernelLowering::Spirv:
      return spirvPipeline;
    case KernelLowering::Rocdl64:
    case KernelLowering::Rocdl32:
      return rocdlPipeline;
    case KernelLowering::Nvvm:
      break;
    }
    return allTargetsHaveRedux(module) ? reduxGpuPipeline : gpuPipeline;
  }

  /// With `redux`, for chips that all have redux.sync.
  OpPassManager makeGpuPipeline(bool redux) const {
    OpPassManager pm(gpu::GPUModuleOp::getOperationName());
    pm.addPass(createOffloadPromotePrintfArguments());
    OffloadExpandSubgroupOpsOptions expand;
    expand.keepRedux = redux;
    pm.addPass(createOffloadExpandSubgroupOps(expand));
    pm.addPass(createSCFToControlFlowPass());
    OffloadLowerAtomicsOptions atomics;
    atomics.indexBitwidth = indexBitwidth;
    pm.addPass(createOffloadLowerAtomics(atomics));
    ConvertGpuOpsToNVVMOpsOptions nvvm;
    nvvm.hasRedux = redux;
    nvvm.indexBitwidth = indexBitwidth;
    nvvm.useBarePtrCallConv = kernelBarePtr;
    pm.addPass(createConvertGpuOpsToNVVMOps(nvvm));
    pm.addPass(LLVM::createNVVMOptimizeForTargetPass());
    pm.addPass(createConvertNVVMToLLVMPass());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    pm.addPass(createReconcileUnrealizedCastsPass());
    return pm;
  }

  OpPassManager makeHostPipeline() const {
    OpPassManager pm(gpu::GPUModuleOp::getOperationName());
    OffloadLowerGpuToHostOptions host;
    host.kernelBarePtr = kernelBarePtr;
    pm.addPass(createOffloadLowerGpuToHost(host));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    return pm;
  }

  OpPassManager makeSpirvPipeline() const {
    OpPassManager pm(gpu::GPUModuleOp::getOperationName());
    OffloadLowerGpuToSpirvOptions spirv;
    spirv.indexBitwidth = indexBitwidth;
    spirv.kernelBarePtr = kernelBarePtr;
    pm.addPass(createOffloadLowerGpuToSpirv(spirv));
    return pm;
  }

  OpPassManager makeRocdlPipeline() const {
    OpPassManager pm(gpu::GPUModuleOp::getOperationName());
    OffloadLowerGpuToRocdlOptions rocdl;
    rocdl.indexBitwidth = indexBitwidth;
    rocdl.kernelBarePtr = kernelBarePtr;
    pm.addPass(createOffloadLowerGpuToRocdl(rocdl));
    return pm;
  }

  OpPassManager gpuPipeline{gpu::GPUModuleOp::getOperationName()};
  OpPassManager reduxGpuPipeline{gpu::GPUModuleOp::getOperationName()};
  OpPassManager hostPipeline{gpu::GPUModuleOp::getOperationName()};
  OpPassManager spirvPipeline{gpu::GPUModuleOp::getOperationName()};
  OpPassManager rocdlPipeline{gpu::GPUModuleOp::getOperationName()};
};
} // namespace
