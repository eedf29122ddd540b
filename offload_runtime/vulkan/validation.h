//===- validation.h - Khronos' validation layer, on request ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MGPU_VULKAN_VALIDATION=1 runs the Vulkan backend under Khronos' validation
// layer (VK_LAYER_KHRONOS_validation) with its synchronization checks, and
// makes every error it finds a runtime error: a kernel whose SPIR-V is
// invalid, or a command buffer that misuses Vulkan, stops the program (or
// goes to mgpuSetErrorHandler) instead of running with undefined results.
// (But for what the layer is known to report wrongly: validation.cc.)
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_VALIDATION_H
#define OFFLOAD_RUNTIME_VULKAN_VALIDATION_H

#include "offload_runtime/status.h"
#include "offload_runtime/vulkan/vulkan_api.h"

namespace mgpu::vulkan {

/// What VkInstanceCreateInfo needs to run under the layer. Holds the
/// structures that the create info points to: keep it alive until the
/// instance is created.
class ValidationRequest {
public:
  /// Whether MGPU_VULKAN_VALIDATION asks for the layer; an error for a value
  /// that is neither 0 nor 1, or when the layer is not installed.
  static StatusOr<bool> Requested(const VulkanApi &vk);

  /// Adds the layer, VK_EXT_debug_utils and the synchronization checks to
  /// `info`, whose pNext chain it extends.
  void AddTo(VkInstanceCreateInfo &info);

private:
  const char *layer = nullptr;
  const char *extension = nullptr;
  VkValidationFeatureEnableEXT enables[1] = {};
  VkValidationFeaturesEXT features = {};
};

/// Makes every error that the layer reports on `instance` a runtime error.
Status ReportValidationErrors(const VulkanApi &vk, VkInstance instance);

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_VALIDATION_H
