//===- vulkan_api.cc - The Vulkan loader, opened at first use -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/vulkan_api.h"

#include "offload_runtime/driver_library.h"

#include <dlfcn.h>

#include <initializer_list>
#include <iterator>

namespace mgpu {
namespace {

constexpr const char *kSearchOrder[] = {"libvulkan.so.1"};

Status Missing(const VulkanApi &api, const char *name) {
  return RuntimeError(MGPU_ERROR_NOT_INITIALIZED,
                      StrCat("the Vulkan loader ", api.path, " has no ", name,
                             ": install a Vulkan 1.3 loader (libvulkan1)"));
}

/// Where an entry point of vulkan_symbols.inc is resolved.
enum class Level { Global, Instance, Device };

/// Resolves the entry points of `level` with `lookup`, or says which is
/// missing.
template <typename Lookup>
Status ResolveLevel(VulkanApi &api, Level level, Lookup lookup) {
  struct Entry {
    Level level;
    DriverSymbol symbol;
  };
  const Entry entries[] = {
#define MGPU_VULKAN_ENTRY(level, name, optional)                               \
  {level, {#name, reinterpret_cast<void **>(&api.name), optional}},
#define MGPU_VULKAN_GLOBAL(name) MGPU_VULKAN_ENTRY(Level::Global, name, false)
#define MGPU_VULKAN_INSTANCE(name)                                             \
  MGPU_VULKAN_ENTRY(Level::Instance, name, false)
#define MGPU_VULKAN_DEVICE(name) MGPU_VULKAN_ENTRY(Level::Device, name, false)
#define MGPU_VULKAN_DEVICE_EXTENSION(name)                                     \
  MGPU_VULKAN_ENTRY(Level::Device, name, true)
#include "offload_runtime/vulkan/vulkan_symbols.inc"
#undef MGPU_VULKAN_ENTRY
#undef MGPU_VULKAN_GLOBAL
#undef MGPU_VULKAN_INSTANCE
#undef MGPU_VULKAN_DEVICE
#undef MGPU_VULKAN_DEVICE_EXTENSION
  };
  for (const Entry &entry : entries)
    if (entry.level == level)
      MGPU_RETURN_IF_ERROR(
          ResolveDriverSymbols({entry.symbol}, lookup, [&](const char *name) {
            return Missing(api, name);
          }));
  return OkStatus();
}

/// The table, once the loader is open; a failure is final (the machine will
/// not grow a loader).
StatusOr<VulkanApi> Load() {
  MGPU_ASSIGN_OR_RETURN(
      OpenedLibrary library,
      OpenDriverLibrary(
          {"the Vulkan loader", "MGPU_VULKAN_LIBRARY", kSearchOrder,
           std::size(kSearchOrder),
           "install libvulkan1 and a Vulkan driver (mesa-vulkan-drivers for "
           "the CPU's), or set MGPU_VULKAN_LIBRARY to a libvulkan.so",
           /*variableAdvice=*/nullptr}));
  VulkanApi api;
  api.path = library.path;
  api.vkGetInstanceProcAddr = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
      dlsym(library.handle, "vkGetInstanceProcAddr"));
  if (!api.vkGetInstanceProcAddr)
    return Missing(api, "vkGetInstanceProcAddr");
  MGPU_RETURN_IF_ERROR(ResolveLevel(api, Level::Global, [&](const char *name) {
    return reinterpret_cast<void *>(
        api.vkGetInstanceProcAddr(VK_NULL_HANDLE, name));
  }));
  return api;
}

} // namespace

StatusOr<VulkanApi> LoadVulkanApi() {
  static const StatusOr<VulkanApi> *api = new StatusOr<VulkanApi>(Load());
  return *api;
}

Status ResolveInstanceApi(VulkanApi &api, VkInstance instance) {
  return ResolveLevel(api, Level::Instance, [&](const char *name) {
    return reinterpret_cast<void *>(api.vkGetInstanceProcAddr(instance, name));
  });
}

Status ResolveDeviceApi(VulkanApi &api, VkDevice device) {
  return ResolveLevel(api, Level::Device, [&](const char *name) {
    return reinterpret_cast<void *>(api.vkGetDeviceProcAddr(device, name));
  });
}

} // namespace mgpu
