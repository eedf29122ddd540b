//===- VulkanTarget.h - #offload.vulkan as a GPU target ---------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_VULKAN_VULKANTARGET_H
#define OFFLOAD_TARGET_VULKAN_VULKANTARGET_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// Makes #offload.vulkan a gpu::TargetAttrInterface, so that
/// gpu-module-to-binary serializes the gpu.modules that list it, lowered by
/// offload-lower-gpu-to-spirv, to SPIR-V.
void registerVulkanTargetInterfaceExternalModels(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_VULKAN_VULKANTARGET_H
