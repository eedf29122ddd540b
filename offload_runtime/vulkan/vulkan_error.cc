//===- vulkan_error.cc - Errors of the Vulkan driver ----------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/vulkan_error.h"

#include "offload_runtime/driver_errors.h"

#include <string>

namespace mgpu {
namespace {

/// Every VkResult of Vulkan 1.3 with its name, as the MGPU_ERROR_* closest
/// to it.
constexpr DriverResult kResults[] = {
#define MGPU_RESULT(name, code, advice) {name, code, advice, #name}
#define MGPU_NAME(name) MGPU_RESULT(name, MGPU_ERROR_UNKNOWN, nullptr)
    MGPU_NAME(VK_SUCCESS),
    MGPU_NAME(VK_NOT_READY),
    MGPU_NAME(VK_TIMEOUT),
    MGPU_NAME(VK_INCOMPLETE),
    MGPU_RESULT(VK_ERROR_OUT_OF_HOST_MEMORY, MGPU_ERROR_OUT_OF_MEMORY,
                "out of host memory: free memory or use less of it"),
    MGPU_RESULT(VK_ERROR_OUT_OF_DEVICE_MEMORY, MGPU_ERROR_OUT_OF_MEMORY,
                "out of device memory: free memory or use less of it"),
    MGPU_RESULT(VK_ERROR_INITIALIZATION_FAILED, MGPU_ERROR_NOT_INITIALIZED,
                nullptr),
    MGPU_RESULT(VK_ERROR_DEVICE_LOST, MGPU_ERROR_UNKNOWN,
                "the device was lost (a kernel that faulted or ran too "
                "long): the process cannot use it any more"),
    MGPU_NAME(VK_ERROR_MEMORY_MAP_FAILED),
    MGPU_RESULT(VK_ERROR_LAYER_NOT_PRESENT, MGPU_ERROR_NOT_SUPPORTED, nullptr),
    MGPU_RESULT(VK_ERROR_EXTENSION_NOT_PRESENT, MGPU_ERROR_NOT_SUPPORTED,
                nullptr),
    MGPU_RESULT(VK_ERROR_FEATURE_NOT_PRESENT, MGPU_ERROR_NOT_SUPPORTED,
                nullptr),
    MGPU_RESULT(VK_ERROR_INCOMPATIBLE_DRIVER, MGPU_ERROR_NOT_INITIALIZED,
                "no Vulkan 1.3 driver is installed: install one "
                "(mesa-vulkan-drivers for the CPU's, lavapipe)"),
    MGPU_NAME(VK_ERROR_TOO_MANY_OBJECTS),
    MGPU_NAME(VK_ERROR_FORMAT_NOT_SUPPORTED),
    MGPU_NAME(VK_ERROR_FRAGMENTED_POOL),
    MGPU_NAME(VK_ERROR_UNKNOWN),
    MGPU_RESULT(VK_ERROR_OUT_OF_POOL_MEMORY, MGPU_ERROR_OUT_OF_MEMORY, nullptr),
    MGPU_NAME(VK_ERROR_INVALID_EXTERNAL_HANDLE),
    MGPU_NAME(VK_ERROR_FRAGMENTATION),
    MGPU_NAME(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS),
    MGPU_NAME(VK_PIPELINE_COMPILE_REQUIRED),
    MGPU_RESULT(VK_ERROR_INVALID_SHADER_NV, MGPU_ERROR_INVALID_IMAGE, nullptr),
#undef MGPU_RESULT
#undef MGPU_NAME
};
constexpr DriverResults kVulkanResults(kResults, MGPU_ERROR_UNKNOWN);

} // namespace

std::string VkResultName(VkResult result) {
  const DriverResult *entry = kVulkanResults.Find(result);
  return entry ? entry->name : StrCat("VkResult ", static_cast<int>(result));
}

Status VulkanError(VkResult result, std::string_view call,
                   std::string_view context) {
  return DriverCallError(kVulkanResults, result, call, VkResultName(result),
                         context);
}

} // namespace mgpu
