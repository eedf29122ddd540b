//===- vulkan_error.h - Errors of the Vulkan driver -------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A failed Vulkan call is one line (driver_errors.h),
// reported to mgpuGetLastError as the MGPU_ERROR_* closest to its VkResult.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_VULKAN_ERROR_H
#define OFFLOAD_RUNTIME_VULKAN_VULKAN_ERROR_H

#include "offload_runtime/status.h"
#include "offload_runtime/vulkan/vulkan_api.h"

#include <string_view>

namespace mgpu {

/// "VK_ERROR_OUT_OF_DEVICE_MEMORY", or "VkResult N".
std::string VkResultName(VkResult result);

/// "<call> failed with VK_ERROR_X: <context>", plus advice for the errors
/// that users cause.
Status VulkanError(VkResult result, std::string_view call,
                   std::string_view context = "");

} // namespace mgpu

/// Returns the error from the enclosing function if the Vulkan call fails.
#define MGPU_RETURN_IF_VULKAN_ERROR(api, call, ...)                            \
  do {                                                                         \
    if (VkResult mgpu_result_ = (api).call(__VA_ARGS__);                       \
        mgpu_result_ != VK_SUCCESS)                                            \
      return ::mgpu::VulkanError(mgpu_result_, #call);                         \
  } while (false)

#endif // OFFLOAD_RUNTIME_VULKAN_VULKAN_ERROR_H
