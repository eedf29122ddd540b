//===- VulkanTargetAttr.h - #offload.vulkan ---------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_VULKAN_VULKANTARGETATTR_H
#define OFFLOAD_DIALECTS_VULKAN_VULKANTARGETATTR_H

#include "dialects/OffloadDialect.h"
#include "dialects/vulkan/VulkanEnv.h"

#define GET_ATTRDEF_CLASSES
#include "dialects/vulkan/VulkanTargetAttr.h.inc"

namespace mlir {
class DialectRegistry;

namespace offload {

/// Adds #offload.vulkan to the offload dialect when the dialect loads. Whatever
/// attaches a model to the attribute registers it first.
void registerVulkanTargetAttr(DialectRegistry &registry);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_DIALECTS_VULKAN_VULKANTARGETATTR_H
