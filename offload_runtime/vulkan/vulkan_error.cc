//===- vulkan_error.cc - Errors of the Vulkan driver ----------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/vulkan_error.h"

#include <string>

namespace mgpu {
namespace {

int32_t ErrorCodeOf(VkResult result) {
  switch (result) {
  case VK_ERROR_OUT_OF_HOST_MEMORY:
  case VK_ERROR_OUT_OF_DEVICE_MEMORY:
  case VK_ERROR_OUT_OF_POOL_MEMORY:
    return MGPU_ERROR_OUT_OF_MEMORY;
  case VK_ERROR_INITIALIZATION_FAILED:
  case VK_ERROR_INCOMPATIBLE_DRIVER:
    return MGPU_ERROR_NOT_INITIALIZED;
  case VK_ERROR_FEATURE_NOT_PRESENT:
  case VK_ERROR_EXTENSION_NOT_PRESENT:
  case VK_ERROR_LAYER_NOT_PRESENT:
    return MGPU_ERROR_NOT_SUPPORTED;
  case VK_ERROR_INVALID_SHADER_NV:
    return MGPU_ERROR_INVALID_IMAGE;
  default:
    return MGPU_ERROR_UNKNOWN;
  }
}

const char *Advice(VkResult result) {
  switch (result) {
  case VK_ERROR_OUT_OF_DEVICE_MEMORY:
    return "out of device memory: free memory or use less of it";
  case VK_ERROR_OUT_OF_HOST_MEMORY:
    return "out of host memory: free memory or use less of it";
  case VK_ERROR_INCOMPATIBLE_DRIVER:
    return "no Vulkan 1.3 driver is installed: install one "
           "(mesa-vulkan-drivers "
           "for the CPU's, lavapipe)";
  case VK_ERROR_DEVICE_LOST:
    return "the device was lost (a kernel that faulted or ran too long): the "
           "process cannot use it any more";
  default:
    return nullptr;
  }
}

} // namespace

std::string VkResultName(VkResult result) {
  switch (result) {
#define MGPU_NAME(name)                                                        \
  case name:                                                                   \
    return #name;
    MGPU_NAME(VK_SUCCESS)
    MGPU_NAME(VK_NOT_READY)
    MGPU_NAME(VK_TIMEOUT)
    MGPU_NAME(VK_INCOMPLETE)
    MGPU_NAME(VK_ERROR_OUT_OF_HOST_MEMORY)
    MGPU_NAME(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    MGPU_NAME(VK_ERROR_INITIALIZATION_FAILED)
    MGPU_NAME(VK_ERROR_DEVICE_LOST)
    MGPU_NAME(VK_ERROR_MEMORY_MAP_FAILED)
    MGPU_NAME(VK_ERROR_LAYER_NOT_PRESENT)
    MGPU_NAME(VK_ERROR_EXTENSION_NOT_PRESENT)
    MGPU_NAME(VK_ERROR_FEATURE_NOT_PRESENT)
    MGPU_NAME(VK_ERROR_INCOMPATIBLE_DRIVER)
    MGPU_NAME(VK_ERROR_TOO_MANY_OBJECTS)
    MGPU_NAME(VK_ERROR_FORMAT_NOT_SUPPORTED)
    MGPU_NAME(VK_ERROR_FRAGMENTED_POOL)
    MGPU_NAME(VK_ERROR_UNKNOWN)
    MGPU_NAME(VK_ERROR_OUT_OF_POOL_MEMORY)
    MGPU_NAME(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    MGPU_NAME(VK_ERROR_FRAGMENTATION)
    MGPU_NAME(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
    MGPU_NAME(VK_PIPELINE_COMPILE_REQUIRED)
    MGPU_NAME(VK_ERROR_INVALID_SHADER_NV)
#undef MGPU_NAME
  default:
    return StrCat("VkResult ", static_cast<int>(result));
  }
}

Status VulkanError(VkResult result, std::string_view call,
                   std::string_view context) {
  return DriverCallError(ErrorCodeOf(result), call, VkResultName(result),
                         context, Advice(result));
}

} // namespace mgpu
