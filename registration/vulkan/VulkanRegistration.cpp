//===- VulkanRegistration.cpp - Everything of #offload.vulkan -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/Passes.h"
#include "dialects/vulkan/Passes.h"
#include "pipelines/vulkan/VulkanPipelines.h"
#include "registration/TargetRegistration.h"
#include "target/vulkan/VulkanTarget.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

void mlir::offload::registerVulkanTarget(DialectRegistry &registry) {
  registerVulkanTargetInterfaceExternalModels(registry);
  registerSpirvKernelLowering(registry);
}

void mlir::offload::registerVulkanTargetPasses() {
  registerOffloadVulkanPasses();
  registerOffloadSpirvConversionPasses();
  registerVulkanPipelines();
}
