//===- validation.cc - Khronos' validation layer, on request --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/validation.h"

#include "offload_runtime/vulkan/vulkan_error.h"

#include <cstdlib>
#include <cstring>
#include <vector>

namespace mgpu::vulkan {
namespace {

constexpr const char *kLayer = "VK_LAYER_KHRONOS_validation";
constexpr const char *kVariable = "MGPU_VULKAN_VALIDATION";

StatusOr<bool> HasLayer(const VulkanApi &vk) {
  uint32_t count = 0;
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkEnumerateInstanceLayerProperties, &count,
                              nullptr);
  std::vector<VkLayerProperties> layers(count);
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkEnumerateInstanceLayerProperties, &count,
                              layers.data());
  for (uint32_t i = 0; i < count; ++i)
    if (std::strcmp(layers[i].layerName, kLayer) == 0)
      return true;
  return false;
}

/// What the layer reports wrongly: it adds up the workgroup memory of every
/// entry point of a shader module, where each kernel (entry point) has its
/// own, so that the kernels of one gpu.module, each within the limit, may
/// together exceed it. The backend checks each kernel's itself (module.cc,
/// launch.cc).
constexpr const char *kNotErrors[] = {"VUID-RuntimeSpirv-Workgroup-06530"};

bool IsError(const VkDebugUtilsMessengerCallbackDataEXT *data) {
  if (data && data->pMessageIdName)
    for (const char *id : kNotErrors)
      if (std::strcmp(data->pMessageIdName, id) == 0)
        return false;
  return true;
}

/// The layer calls this on the thread whose Vulkan call it checks, before
/// the call reaches the driver.
VKAPI_ATTR VkBool32 VKAPI_CALL
OnMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
          VkDebugUtilsMessageTypeFlagsEXT,
          const VkDebugUtilsMessengerCallbackDataEXT *data, void *) {
  if ((severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) &&
      IsError(data))
    ReportError("Vulkan validation layer",
                Status(MGPU_ERROR_UNKNOWN, data && data->pMessage
                                               ? data->pMessage
                                               : "an error without a message"));
  // VK_FALSE: the call goes on, as the layer's contract requires.
  return VK_FALSE;
}

} // namespace

StatusOr<bool> ValidationRequest::Requested(const VulkanApi &vk) {
  const char *value = std::getenv(kVariable);
  if (!value || !*value || std::strcmp(value, "0") == 0)
    return false;
  if (std::strcmp(value, "1") != 0)
    return RuntimeError(
        MGPU_ERROR_INVALID_VALUE,
        StrCat(kVariable, "=", value,
               " is neither 0 nor 1: set it to 1 to run the "
               "Vulkan backend under Khronos' validation layer"));
  MGPU_ASSIGN_OR_RETURN(bool installed, HasLayer(vk));
  if (!installed)
    return RuntimeError(
        MGPU_ERROR_NOT_INITIALIZED,
        StrCat(kVariable, "=1 asks for Khronos' validation layer (", kLayer,
               "), which the Vulkan loader ", vk.path,
               " does not find: install vulkan-validationlayers, or unset ",
               kVariable));
  return true;
}

void ValidationRequest::AddTo(VkInstanceCreateInfo &info) {
  layer = kLayer;
  extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
  info.enabledLayerCount = 1;
  info.ppEnabledLayerNames = &layer;
  info.enabledExtensionCount = 1;
  info.ppEnabledExtensionNames = &extension;
  // Hazards between the copies and kernels of the streams are what the
  // backend's own barriers and semaphores must prevent: check them too.
  enables[0] = VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT;
  features = {VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT, info.pNext};
  features.enabledValidationFeatureCount = 1;
  features.pEnabledValidationFeatures = enables;
  info.pNext = &features;
}

Status ReportValidationErrors(const VulkanApi &vk, VkInstance instance) {
  auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
      vk.vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT"));
  if (!create)
    return RuntimeError(MGPU_ERROR_NOT_INITIALIZED,
                        StrCat("the Vulkan loader ", vk.path,
                               " has no vkCreateDebugUtilsMessengerEXT, which "
                               "reports the validation layer's errors"));
  VkDebugUtilsMessengerCreateInfoEXT info = {
      VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
  info.pfnUserCallback = OnMessage;
  // Lives as long as the instance, which the backend never destroys.
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  if (VkResult result = create(instance, &info, nullptr, &messenger);
      result != VK_SUCCESS)
    return VulkanError(result, "vkCreateDebugUtilsMessengerEXT");
  return OkStatus();
}

} // namespace mgpu::vulkan
