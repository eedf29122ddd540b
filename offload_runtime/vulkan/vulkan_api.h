//===- vulkan_api.h - The Vulkan loader, opened at first use ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The runtime never links libvulkan: a program that uses it starts, and runs
// on another backend, on a machine without Vulkan. The loader is opened at
// first use (dlopen of $MGPU_VULKAN_LIBRARY, else libvulkan.so.1) and every
// entry point of vulkan_symbols.inc is resolved into one table, with the
// types of Debian's <vulkan/vulkan.h> (declarations only: VK_NO_PROTOTYPES).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_VULKAN_API_H
#define OFFLOAD_RUNTIME_VULKAN_VULKAN_API_H

#ifndef VK_NO_PROTOTYPES
#define VK_NO_PROTOTYPES
#endif
#include <vulkan/vulkan.h>

#include "offload_runtime/status.h"

#include <string>

namespace mgpu {

struct VulkanApi {
  PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;
#define MGPU_VULKAN_GLOBAL(name) PFN_##name name = nullptr;
#define MGPU_VULKAN_INSTANCE(name) PFN_##name name = nullptr;
#define MGPU_VULKAN_DEVICE(name) PFN_##name name = nullptr;
#define MGPU_VULKAN_DEVICE_EXTENSION(name) PFN_##name name = nullptr;
#include "offload_runtime/vulkan/vulkan_symbols.inc"
#undef MGPU_VULKAN_GLOBAL
#undef MGPU_VULKAN_INSTANCE
#undef MGPU_VULKAN_DEVICE
#undef MGPU_VULKAN_DEVICE_EXTENSION
  /// The library it was loaded from, as it was named to dlopen.
  std::string path;
};

/// The loader's global entry points, loaded on the first call; the same
/// table or the same error afterwards. Thread-safe.
StatusOr<VulkanApi> LoadVulkanApi();

/// Fills in the instance-level entry points of `api` for `instance`.
Status ResolveInstanceApi(VulkanApi &api, VkInstance instance);

/// Fills in the device-level entry points of `api` for `device`: those of
/// extensions it lacks stay null.
Status ResolveDeviceApi(VulkanApi &api, VkDevice device);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_VULKAN_VULKAN_API_H
