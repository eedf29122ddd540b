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

/// Resolves `symbols` with `lookup`, or says which is missing.
template <typename Lookup>
Status Resolve(VulkanApi &api, std::initializer_list<DriverSymbol> symbols,
               Lookup lookup) {
  return ResolveDriverSymbols(
      symbols, lookup, [&](const char *name) { return Missing(api, name); });
}

// The entries of vulkan_symbols.inc at one level (GLOBAL, INSTANCE or
// DEVICE), as DriverSymbols of `api`; the others, nothing.
#define MGPU_VULKAN_SYMBOL(name)                                               \
  {#name, reinterpret_cast<void **>(&api.name), false},
#define MGPU_VULKAN_IGNORE(name)

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
  MGPU_RETURN_IF_ERROR(
      Resolve(api,
              {{"vkGetInstanceProcAddr",
                reinterpret_cast<void **>(&api.vkGetInstanceProcAddr), false}},
              [&](const char *name) { return dlsym(library.handle, name); }));
#define MGPU_VULKAN_GLOBAL MGPU_VULKAN_SYMBOL
#define MGPU_VULKAN_INSTANCE MGPU_VULKAN_IGNORE
#define MGPU_VULKAN_DEVICE MGPU_VULKAN_IGNORE
  const std::initializer_list<DriverSymbol> globals = {
#include "offload_runtime/vulkan/vulkan_symbols.inc"
  };
#undef MGPU_VULKAN_GLOBAL
#undef MGPU_VULKAN_INSTANCE
#undef MGPU_VULKAN_DEVICE
  MGPU_RETURN_IF_ERROR(Resolve(api, globals, [&](const char *name) {
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
#define MGPU_VULKAN_GLOBAL MGPU_VULKAN_IGNORE
#define MGPU_VULKAN_INSTANCE MGPU_VULKAN_SYMBOL
#define MGPU_VULKAN_DEVICE MGPU_VULKAN_IGNORE
  return Resolve(api,
                 {
#include "offload_runtime/vulkan/vulkan_symbols.inc"
                 },
                 [&](const char *name) {
                   return reinterpret_cast<void *>(
                       api.vkGetInstanceProcAddr(instance, name));
                 });
#undef MGPU_VULKAN_GLOBAL
#undef MGPU_VULKAN_INSTANCE
#undef MGPU_VULKAN_DEVICE
}

Status ResolveDeviceApi(VulkanApi &api, VkDevice device) {
#define MGPU_VULKAN_GLOBAL MGPU_VULKAN_IGNORE
#define MGPU_VULKAN_INSTANCE MGPU_VULKAN_IGNORE
#define MGPU_VULKAN_DEVICE MGPU_VULKAN_SYMBOL
  return Resolve(api,
                 {
#include "offload_runtime/vulkan/vulkan_symbols.inc"
                 },
                 [&](const char *name) {
                   return reinterpret_cast<void *>(
                       api.vkGetDeviceProcAddr(device, name));
                 });
#undef MGPU_VULKAN_GLOBAL
#undef MGPU_VULKAN_INSTANCE
#undef MGPU_VULKAN_DEVICE
}

#undef MGPU_VULKAN_SYMBOL
#undef MGPU_VULKAN_IGNORE

} // namespace mgpu
