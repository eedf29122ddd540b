//===- LowerKernels.cpp - Each gpu.module with its targets' lowering ------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "pipelines/Passes.h"

#include "conversion/Passes.h"
#include "dialects/OffloadDialect.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-kernels"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERKERNELS
#include "pipelines/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct LowerKernelsPass
    : public offload::impl::OffloadLowerKernelsBase<LowerKernelsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager gpus = makeGpuPipeline(), host = makeHostPipeline();
    gpus.getDependentDialects(registry);
    host.getDependentDialects(registry);
  }

  LogicalResult initialize(MLIRContext *context) override {
    gpuPipeline = makeGpuPipeline();
    hostPipeline = makeHostPipeline();
    return success();
  }

  void runOnOperation() override {
    SmallVector<gpu::GPUModuleOp> modules(
        getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp module : modules) {
      bool host = false, gpus = false;
      if (ArrayAttr targets = module.getTargetsAttr())
        for (Attribute target : targets)
          (isa<HostTargetAttr>(target) ? host : gpus) = true;
      if (host && gpus) {
        module.emitError()
            << "gpu.module @" << module.getName()
            << " lists #offload.host beside GPU targets, which need another "
               "lowering: run offload-split-host-modules first";
        return signalPassFailure();
      }
      LLVM_DEBUG(llvm::dbgs()
                 << "lowering gpu.module @" << module.getName() << " for "
                 << (host ? "the host" : "GPUs") << "\n");
      if (failed(runPipeline(host ? hostPipeline : gpuPipeline, module)))
        return signalPassFailure();
    }
  }

private:
  OpPassManager makeGpuPipeline() const {
    OpPassManager pm(gpu::GPUModuleOp::getOperationName());
    pm.addPass(createSCFToControlFlowPass());
    ConvertGpuOpsToNVVMOpsOptions nvvm;
    nvvm.indexBitwidth = indexBitwidth;
    nvvm.useBarePtrCallConv = kernelBarePtr;
    pm.addPass(createConvertGpuOpsToNVVMOps(nvvm));
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

  OpPassManager gpuPipeline{gpu::GPUModuleOp::getOperationName()};
  OpPassManager hostPipeline{gpu::GPUModuleOp::getOperationName()};
};
} // namespace
