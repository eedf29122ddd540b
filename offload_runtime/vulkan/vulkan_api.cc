//===- vulkan_api.cc - The Vulkan loader, opened at first use -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/vulkan_api.h"

#include <dlfcn.h>

#include <cstdlib>

namespace mgpu {
namespace {

constexpr const char *kDefaultLibrary = "libvulkan.so.1";

Status Missing(const VulkanApi &api, const char *name) {
  return RuntimeError(MGPU_ERROR_NOT_INITIALIZED,
                      StrCat("the Vulkan loader ", api.path, " has no ", name,
                             ": install a Vulkan 1.3 loader (libvulkan1)"));
}

/// The table, once the loader is open; a failure is final (the machine will
/// not grow a loader).
StatusOr<VulkanApi> Load() {
  const char *override = std::getenv("MGPU_VULKAN_LIBRARY");
  const char *path = override && *override ? override : kDefaultLibrary;
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return RuntimeError(
        MGPU_ERROR_NOT_INITIALIZED,
        StrCat("cannot load the Vulkan loader (", dlerror(),
               "): install libvulkan1 and a Vulkan driver (mesa-vulkan-drivers "
               "for the CPU's), or set MGPU_VULKAN_LIBRARY to a "
               "libvulkan.so"));
  VulkanApi api;
  api.path = path;
  api.vkGetInstanceProcAddr = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
      dlsym(library, "vkGetInstanceProcAddr"));
  if (!api.vkGetInstanceProcAddr)
    return Missing(api, "vkGetInstanceProcAddr");
#define MGPU_VULKAN_GLOBAL(name)                                               \
  api.name = reinterpret_cast<PFN_##name>(                                     \
      api.vkGetInstanceProcAddr(VK_NULL_HANDLE, #name));                       \
  if (!api.name)                                                               \
    return Missing(api, #name);
#define MGPU_VULKAN_INSTANCE(name)
#define MGPU_VULKAN_DEVICE(name)
#include "offload_runtime/vulkan/vulkan_symbols.inc"
#undef MGPU_VULKAN_GLOBAL
#undef MGPU_VULKAN_INSTANCE
#undef MGPU_VULKAN_DEVICE
  return api;
}

} // namespace

StatusOr<VulkanApi> LoadVulkanApi() {
  static const StatusOr<VulkanApi> *api = new StatusOr<VulkanApi>(Load());
  return *api;
}

Status ResolveInstanceApi(VulkanApi &api, VkInstance instance) {
#define MGPU_VULKAN_GLOBAL(name)
#define MGPU_VULKAN_INSTANCE(name)                                             \
  api.name = reinterpret_cast<PFN_##name>(                                     \
      api.vkGetInstanceProcAddr(instance, #name));                             \
  if (!api.name)                                                               \
    return Missing(api, #name);
#define MGPU_VULKAN_DEVICE(name)
#include "offload_runtime/vulkan/vulkan_symbols.inc"
#undef MGPU_VULKAN_GLOBAL
#undef MGPU_VULKAN_INSTANCE
#undef MGPU_VULKAN_DEVICE
  return OkStatus();
}

Status ResolveDeviceApi(VulkanApi &api, VkDevice device) {
#define MGPU_VULKAN_GLOBAL(name)
#define MGPU_VULKAN_INSTANCE(name)
#define MGPU_VULKAN_DEVICE(name)                                               \
  api.name =                                                                   \
      reinterpret_cast<PFN_##name>(api.vkGetDeviceProcAddr(device, #name));    \
  if (!api.name)                                                               \
    return Missing(api, #name);
#include "offload_runtime/vulkan/vulkan_symbols.inc"
#undef MGPU_VULKAN_GLOBAL
#undef MGPU_VULKAN_INSTANCE
#undef MGPU_VULKAN_DEVICE
  return OkStatus();
}

} // namespace mgpu
