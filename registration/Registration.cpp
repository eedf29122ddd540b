//===- Registration.cpp - Everything mlir-offload registers ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "registration/Registration.h"

#include "conversion/Passes.h"
#include "conversion/host/Passes.h"
#include "conversion/nvvm/Passes.h"
#include "conversion/rocdl/Passes.h"
#include "conversion/spirv/Passes.h"
#include "dialects/OffloadDialect.h"
#include "dialects/Passes.h"
#include "dialects/cuda/Passes.h"
#include "dialects/host/Passes.h"
#include "dialects/rocm/Passes.h"
#include "dialects/vulkan/Passes.h"
#include "pipelines/Pipelines.h"
#include "pipelines/cuda/CudaPipelines.h"
#include "pipelines/host/HostPipelines.h"
#include "pipelines/rocm/RocmPipelines.h"
#include "pipelines/vulkan/VulkanPipelines.h"
#include "registration/TranslateRegistration.h"
#include "target/cuda/CudaTarget.h"
#include "target/host/HostTarget.h"
#include "target/rocm/RocmTarget.h"
#include "target/vulkan/VulkanTarget.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"

using namespace mlir;
using namespace mlir::offload;

/// Every model the offload dialect promises, and the LLVM IR translations
/// that serializing a gpu.module needs: extensions of the registry, which a
/// tool fills before it makes its context, as upstream's
/// registerAllExtensions.
static void registerOffloadExtensions(DialectRegistry &registry) {
  registerCudaTargetInterfaceExternalModels(registry);
  registerHostTargetInterfaceExternalModels(registry);
  registerRocmTargetInterfaceExternalModels(registry);
  registerVulkanTargetInterfaceExternalModels(registry);
  registerHostKernelLowering(registry);
  registerNvvmKernelLowering(registry);
  registerRocdlKernelLowering(registry);
  registerSpirvKernelLowering(registry);
  // Also where nothing is translated: gpu-module-to-binary passes a module's
  // handler on to its gpu.binary only if the handler has its interface.
  registerOffloadToLLVMIRTranslationModels(registry);
  // What a target's serializer translates a gpu.module from.
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
}

void mlir::offload::registerOffloadDialect(DialectRegistry &registry) {
  registry.insert<OffloadDialect>();
  registerOffloadExtensions(registry);
}

void mlir::offload::registerOffloadPassesOnce() {
  static bool registered = [] {
    registerOffloadPasses();
    registerOffloadCudaPasses();
    registerOffloadHostPasses();
    registerOffloadRocmPasses();
    registerOffloadVulkanPasses();
    registerOffloadConversionPasses();
    registerOffloadHostConversionPasses();
    registerOffloadNvvmConversionPasses();
    registerOffloadRocdlConversionPasses();
    registerOffloadSpirvConversionPasses();
    registerOffloadPipelines();
    registerCudaPipelines();
    registerHostPipelines();
    registerVulkanPipelines();
    registerRocmPipelines();
    return true;
  }();
  (void)registered;
}

void mlir::offload::registerAllDialectsWithOffload(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerOffloadDialect(registry);
}

void mlir::offload::registerAllPassesWithOffload() {
  static bool registered = [] {
    registerAllPasses();
    registerOffloadPassesOnce();
    return true;
  }();
  (void)registered;
}
