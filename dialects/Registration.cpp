//===- Registration.cpp - Registering the offload dialect -----------------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "dialects/Registration.h"

#include "dialects/CudaTarget.h"
#include "dialects/OffloadDialect.h"
#include "dialects/Passes.h"
#include "pipelines/Pipelines.h"
#include "translation/LoaderTranslation.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

void mlir::offload::registerOffloadDialect(DialectRegistry &registry) {
  registry.insert<OffloadDialect>();
  registerCudaTargetInterfaceExternalModels(registry);
  // Also where nothing is translated: gpu-module-to-binary passes a module's
  // handler on to its gpu.binary only if the handler has its interface.
  registerLoaderTranslationInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

void mlir::offload::registerOffloadPassesOnce() {
  // Registering a pass twice aborts; plugins and tools may both ask.
  static bool registered = [] {
    registerOffloadPasses();
    registerOffloadPipelines();
    return true;
  }();
  (void)registered;
}
