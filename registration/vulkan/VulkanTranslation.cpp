//===- VulkanTranslation.cpp - For --mlir-to-llvmir -----------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/vulkan/VulkanTargetAttr.h"
#include "registration/TargetRegistration.h"
#include "translation/vulkan/VulkanObjects.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

void mlir::offload::registerVulkanTranslation(DialectRegistry &registry) {
  registerVulkanTargetAttr(registry);
  registerVulkanEmbeddedObjects(registry);
}
