//===- VulkanObjects.h - #offload.vulkan's objects for mgpu -*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSLATION_VULKAN_VULKANOBJECTS_H
#define OFFLOAD_TRANSLATION_VULKAN_VULKANOBJECTS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// Attaches EmbeddedObjectAttrInterface to #offload.vulkan.
void registerVulkanEmbeddedObjects(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_TRANSLATION_VULKAN_VULKANOBJECTS_H
