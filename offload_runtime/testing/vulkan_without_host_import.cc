//===- vulkan_without_host_import.cc - A loader whose devices lack one ----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A Vulkan loader for tests (MGPU_VULKAN_LIBRARY names it): the machine's
// own (libvulkan.so.1), whose devices do not list VK_EXT_external_memory_host,
// as a device without it would not. Everything else is the loader's.
//
//===----------------------------------------------------------------------===//

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace {

PFN_vkGetInstanceProcAddr RealGetInstanceProcAddr() {
  static PFN_vkGetInstanceProcAddr real = [] {
    void *loader = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
    return loader ? reinterpret_cast<PFN_vkGetInstanceProcAddr>(
                        dlsym(loader, "vkGetInstanceProcAddr"))
                  : nullptr;
  }();
  return real;
}

PFN_vkEnumerateDeviceExtensionProperties realEnumerate = nullptr;

VKAPI_ATTR VkResult VKAPI_CALL
EnumerateAllButHostImport(VkPhysicalDevice physical, const char *layer,
                          uint32_t *count, VkExtensionProperties *properties) {
  uint32_t all = 0;
  if (VkResult result = realEnumerate(physical, layer, &all, nullptr);
      result != VK_SUCCESS)
    return result;
  std::vector<VkExtensionProperties> extensions(all);
  if (VkResult result = realEnumerate(physical, layer, &all, extensions.data());
      result != VK_SUCCESS && result != VK_INCOMPLETE)
    return result;
  extensions.resize(all);
  extensions.erase(
      std::remove_if(extensions.begin(), extensions.end(),
                     [](const VkExtensionProperties &extension) {
                       return !std::strcmp(
                           extension.extensionName,
                           VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
                     }),
      extensions.end());
  const auto kept = static_cast<uint32_t>(extensions.size());
  if (!properties) {
    *count = kept;
    return VK_SUCCESS;
  }
  const uint32_t written = std::min(*count, kept);
  std::copy_n(extensions.begin(), written, properties);
  *count = written;
  return written < kept ? VK_INCOMPLETE : VK_SUCCESS;
}

} // namespace

extern "C" VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vkGetInstanceProcAddr(VkInstance instance, const char *name) {
  PFN_vkGetInstanceProcAddr real = RealGetInstanceProcAddr();
  if (!real)
    return nullptr;
  if (instance && !std::strcmp(name, "vkEnumerateDeviceExtensionProperties")) {
    realEnumerate = reinterpret_cast<PFN_vkEnumerateDeviceExtensionProperties>(
        real(instance, name));
    return realEnumerate ? reinterpret_cast<PFN_vkVoidFunction>(
                               &EnumerateAllButHostImport)
                         : nullptr;
  }
  return real(instance, name);
}
