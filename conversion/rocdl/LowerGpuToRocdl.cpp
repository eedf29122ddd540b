//===- LowerGpuToRocdl.cpp - A gpu.module for #offload.rocm ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// offload-lower-gpu-to-rocdl: upstream's convert-gpu-to-rocdl for the chip
// and wave size of the module's #offload.rocm targets, after what it does
// not take itself: the checks that name what has no AMD meaning, asserts,
// all-reduce, and subgroup operations expanded at the wave size.
//
//===----------------------------------------------------------------------===//

#include "conversion/rocdl/Passes.h"

#include "conversion/Passes.h"
#include "dialects/rocm/RocmTargetAttr.h"

#include "conversion/common/WorkgroupAllReduce.h"
#include "conversion/common/WorkgroupAllocs.h"
#include "conversion/rocdl/RocdlKernelSteps.h"
#include "conversion/rocdl/RocdlUnsupported.h"
#include "dialects/OffloadDialect.h"
#include "dialects/UpstreamTargets.h"
#include "object_format/amdgpu/AmdgpuChips.h"
#include "transforms/Passes.h"

#include "mgpu/mgpu.h"
#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-rocdl"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERGPUTOROCDL
#include "conversion/rocdl/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// The chip and wave size that `module` is lowered for: of its AMD targets
/// (#offload.rocm, and upstream's #rocdl.target as the #offload.rocm it maps
/// to), which share a wave size (offload-split-by-lowering keeps waves of 32
/// and 64 apart), the oldest chip, so that what the conversion picks by chip
/// runs on all of them.
static FailureOr<std::pair<const object_format::AmdgpuChip *, unsigned>>
getLoweringChip(gpu::GPUModuleOp module) {
  const object_format::AmdgpuChip *oldest = nullptr;
  unsigned waveSize = 0;
  if (ArrayAttr targets = module.getTargetsAttr()) {
    for (Attribute target : targets) {
      FailureOr<Attribute> offload = getOffloadTarget(target, [&] {
        return emitError(module.getLoc())
               << "gpu.module @" << module.getName() << ": ";
      });
      if (failed(offload))
        return failure();
      auto rocm = dyn_cast<RocmTargetAttr>(*offload);
      if (!rocm)
        continue;
      const object_format::AmdgpuChip *chip = rocm.getTargetId().chip;
      if (!oldest || chip->isaVersion < oldest->isaVersion)
        oldest = chip;
      waveSize = rocm.getWaveSize();
    }
  }
  if (!oldest)
    return std::pair(object_format::lookupAmdgpuChip(rocm::kDefaultChip.str()),
                     64u);
  return std::pair(oldest, waveSize);
}

/// Whether ROCDL's permlane swaps, which it takes for xor shuffles on every
/// chip it deems at least gfx950, run on `chip`: gfx950 alone has them.
static bool hasPermlaneSwap(const object_format::AmdgpuChip &chip) {
  return chip.name == "gfx950";
}

namespace {
struct LowerGpuToRocdlPass
    : public offload::impl::OffloadLowerGpuToRocdlBase<LowerGpuToRocdlPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    makeSubgroupPipeline(64).getDependentDialects(registry);
    makeConversionPipeline("gfx900").getDependentDialects(registry);
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    auto loweringChip = getLoweringChip(module);
    if (failed(loweringChip) || failed(allocsToWorkgroupAttributions(module)) ||
        failed(checkRocdlSupported(module)))
      return signalPassFailure();
    auto [chip, waveSize] = *loweringChip;
    lowerAssertsToTraps(module);
    if (failed(
            expandAllReducesInWorkgroupMemory(module, MGPU_MAX_BLOCK_THREADS)))
      return signalPassFailure();
    StringRef chipName(chip->name.data(), chip->name.size());
    LLVM_DEBUG(llvm::dbgs()
               << "lowering gpu.module @" << module.getName() << " for "
               << chipName << ", waves of " << waveSize << " lanes\n");
    if (failed(lowerMathToDeviceLibraries(module, chipName)))
      return signalPassFailure();
    OpPassManager subgroups = makeSubgroupPipeline(waveSize);
    if (failed(runPipeline(subgroups, module)))
      return signalPassFailure();
    if (!hasPermlaneSwap(*chip))
      rewriteXorShufflesAsIndexed(module);
    OpPassManager conversion = makeConversionPipeline(chipName);
    if (failed(runPipeline(conversion, module)) ||
        failed(lowerRemainingMathToLLVM(module)))
      return signalPassFailure();
    widenDimensionQueries(module);
    allowEveryBlockSize(module);
    moveAllocasToPrivateMemory(module);
  }

private:
  OpPassManager makeSubgroupPipeline(unsigned waveSize) const {
    OpPassManager pm(gpu::GPUModuleOp::getOperationName());
    pm.addPass(createOffloadPromotePrintfArguments());
    OffloadExpandSubgroupOpsOptions expand;
    expand.subgroupSize = waveSize;
    expand.nvvm = false;
    pm.addPass(createOffloadExpandSubgroupOps(expand));
    return pm;
  }

  OpPassManager makeConversionPipeline(StringRef chip) const {
    OpPassManager pm(gpu::GPUModuleOp::getOperationName());
    pm.addPass(createOffloadCountLoopsThatMayWrap());
    OffloadLowerAtomicsOptions atomics;
    atomics.indexBitwidth = indexBitwidth;
    pm.addPass(createOffloadLowerAtomics(atomics));
    pm.addPass(createSCFToControlFlowPass());
    ConvertGpuOpsToROCDLOpsOptions rocdl;
    rocdl.chipset = chip.str();
    rocdl.indexBitwidth = indexBitwidth;
    rocdl.useBarePtrCallConv = kernelBarePtr;
    rocdl.runtime = gpu::amd::Runtime::HIP;
    pm.addPass(createConvertGpuOpsToROCDLOps(rocdl));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    pm.addPass(createReconcileUnrealizedCastsPass());
    return pm;
  }
};
} // namespace
