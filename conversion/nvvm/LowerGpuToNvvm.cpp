//===- LowerGpuToNvvm.cpp - A gpu.module to NVVM for NVIDIA GPUs ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/nvvm/Passes.h"

#include "conversion/Passes.h"
#include "conversion/common/WorkgroupAllocs.h"
#include "conversion/nvvm/MmaElementwise.h"
#include "conversion/nvvm/NarrowFma.h"
#include "dialects/OffloadDialect.h"
#include "dialects/cuda/CudaChips.h"
#include "dialects/cuda/CudaTargetAttr.h"
#include "transforms/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/LLVMIR/Transforms/OptimizeForNVVM.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-nvvm"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERGPUTONVVM
#include "conversion/nvvm/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// The oldest compute capability with redux.sync.
static constexpr unsigned kReduxArch = 80;

/// Whether `module` lists targets and every one is a chip with redux.sync.
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

/// The alignment of the widest access NVPTX makes of workgroup memory: its
/// load-store vectorizer merges four 32-bit stores into one 16-byte
/// st.shared.v4 where it assumes that alignment, and LLVM 22 does so for a
/// workgroup global that declares none (an array of i32, aligned to 4 in
/// its PTX), which faults with a misaligned address.
static constexpr uint64_t kWorkgroupAlignment = 16;

/// Gives each workgroup global (address space 3) of `module` at least
/// kWorkgroupAlignment.
static void alignWorkgroupGlobals(gpu::GPUModuleOp module) {
  module.walk([](LLVM::GlobalOp global) {
    if (global.getAddrSpace() !=
            static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared) ||
        global.getAlignment().value_or(0) >= kWorkgroupAlignment)
      return;
    global.setAlignment(kWorkgroupAlignment);
  });
}

namespace {
struct LowerGpuToNvvmPass
    : public offload::impl::OffloadLowerGpuToNvvmBase<LowerGpuToNvvmPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    makePipeline(/*redux=*/true).getDependentDialects(registry);
    makePipeline(/*redux=*/false).getDependentDialects(registry);
  }

  LogicalResult initialize(MLIRContext *) override {
    pipeline = makePipeline(/*redux=*/false);
    reduxPipeline = makePipeline(/*redux=*/true);
    return success();
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    bool redux = allTargetsHaveRedux(module);
    LLVM_DEBUG(llvm::dbgs()
               << "gpu.module @" << module.getName()
               << (redux ? " with" : " without") << " redux.sync\n");
    lowerNarrowFmaForNvvm(module);
    if (failed(allocsToWorkgroupAttributions(module)) ||
        failed(expandMmaElementwiseForNvvm(module)) ||
        failed(runPipeline(redux ? reduxPipeline : pipeline, module))) {
      signalPassFailure();
      return;
    }
    alignWorkgroupGlobals(module);
  }

private:
  /// With `redux`, for chips that all have redux.sync.
  OpPassManager makePipeline(bool redux) const {
    OpPassManager pm(gpu::GPUModuleOp::getOperationName());
    pm.addPass(createOffloadPromotePrintfArguments());
    OffloadExpandSubgroupOpsOptions expand;
    expand.keepRedux = redux;
    pm.addPass(createOffloadExpandSubgroupOps(expand));
    pm.addPass(createOffloadCountLoopsThatMayWrap());
    OffloadLowerAtomicsOptions atomics;
    atomics.indexBitwidth = indexBitwidth;
    pm.addPass(createOffloadLowerAtomics(atomics));
    pm.addPass(createSCFToControlFlowPass());
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

  OpPassManager pipeline{gpu::GPUModuleOp::getOperationName()};
  OpPassManager reduxPipeline{gpu::GPUModuleOp::getOperationName()};
};
} // namespace
