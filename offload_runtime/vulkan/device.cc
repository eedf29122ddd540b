//===- device.cc - The Vulkan device the process runs on ------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/device.h"

#include "offload_runtime/vulkan/validation.h"
#include "offload_runtime/vulkan/vulkan_error.h"

#include <cstdlib>
#include <cstring>
#include <vector>

namespace mgpu::vulkan {
namespace {

/// A physical device, as the choice sees it.
struct Candidate {
  VkPhysicalDevice handle;
  VkPhysicalDeviceProperties properties;
  VkPhysicalDeviceDriverProperties driver;
  /// Empty if the backend can run on it, else why not.
  std::string unfit;
  uint32_t queueFamily = 0;
  bool timestamps = false;
};

std::string VersionText(uint32_t version) {
  return StrCat(VK_API_VERSION_MAJOR(version), ".",
                VK_API_VERSION_MINOR(version), ".",
                VK_API_VERSION_PATCH(version));
}

StatusOr<VkInstance> CreateInstance(VulkanApi &vk) {
  uint32_t version = 0;
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkEnumerateInstanceVersion, &version);
  if (version < VK_API_VERSION_1_3)
    return RuntimeError(MGPU_ERROR_NOT_INITIALIZED,
                        StrCat("the Vulkan loader ", vk.path, " is Vulkan ",
                               VersionText(version),
                               "; the Vulkan backend needs 1.3: update "
                               "libvulkan1"));
  VkApplicationInfo application = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
  application.pApplicationName = "mgpu";
  application.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo info = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &application;
  MGPU_ASSIGN_OR_RETURN(bool validate, ValidationRequest::Requested(vk));
  ValidationRequest validation;
  if (validate)
    validation.AddTo(info);
  VkInstance instance = VK_NULL_HANDLE;
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkCreateInstance, &info, nullptr, &instance);
  MGPU_RETURN_IF_ERROR(ResolveInstanceApi(vk, instance));
  if (validate)
    MGPU_RETURN_IF_ERROR(ReportValidationErrors(vk, instance));
  return instance;
}

Candidate Inspect(const VulkanApi &vk, VkPhysicalDevice handle) {
  Candidate candidate{
      handle, {}, {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES}};
  VkPhysicalDeviceProperties2 properties = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &candidate.driver};
  vk.vkGetPhysicalDeviceProperties2(handle, &properties);
  candidate.properties = properties.properties;
  VkPhysicalDeviceVulkan12Features features12 = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceFeatures2 features = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &features12};
  uint32_t apiVersion = candidate.properties.apiVersion;
  if (apiVersion >= VK_API_VERSION_1_2)
    vk.vkGetPhysicalDeviceFeatures2(handle, &features);
  uint32_t count = 0;
  vk.vkGetPhysicalDeviceQueueFamilyProperties(handle, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vk.vkGetPhysicalDeviceQueueFamilyProperties(handle, &count, families.data());
  int compute = -1;
  for (uint32_t i = 0; i < count && compute < 0; ++i)
    if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
      compute = static_cast<int>(i);
  if (apiVersion < VK_API_VERSION_1_3)
    candidate.unfit =
        StrCat("it supports Vulkan ", VersionText(apiVersion), ", not 1.3");
  else if (!features12.bufferDeviceAddress)
    candidate.unfit = "it has no bufferDeviceAddress";
  else if (!features12.timelineSemaphore)
    candidate.unfit = "it has no timeline semaphores";
  else if (compute < 0)
    candidate.unfit = "it has no compute queue";
  if (compute >= 0) {
    candidate.queueFamily = static_cast<uint32_t>(compute);
    candidate.timestamps = families[compute].timestampValidBits > 0 &&
                           candidate.properties.limits.timestampPeriod > 0;
  }
  return candidate;
}

std::string Describe(const Candidate &candidate, size_t index) {
  return StrCat("device ", index, " '", candidate.properties.deviceName,
                "' (driver ", candidate.driver.driverName, ", ",
                candidate.driver.driverInfo, ", Vulkan ",
                VersionText(candidate.properties.apiVersion), ")");
}

/// "0 'llvmpipe' (unfit: ...), 1 '...'": what there is, for messages.
std::string DescribeAll(const std::vector<Candidate> &candidates) {
  std::string text;
  for (size_t i = 0; i < candidates.size(); ++i) {
    text += StrCat(i ? ", " : "", i, " '", candidates[i].properties.deviceName,
                   "'");
    if (!candidates[i].unfit.empty())
      text += StrCat(" (", candidates[i].unfit, ")");
  }
  return text;
}

/// The index of the device $MGPU_VULKAN_DEVICE names, or of the first fit
/// one (GPUs first).
StatusOr<size_t> Choose(const std::vector<Candidate> &candidates) {
  const char *choice = std::getenv("MGPU_VULKAN_DEVICE");
  const std::string there =
      StrCat("; this machine has ", candidates.size(), " Vulkan device",
             candidates.size() == 1 ? "" : "s", ": ", DescribeAll(candidates));
  if (choice && *choice) {
    bool isIndex = std::strspn(choice, "0123456789") == std::strlen(choice);
    for (size_t i = 0; i < candidates.size(); ++i)
      if (isIndex ? std::strtoull(choice, nullptr, 10) == i
                  : std::strstr(candidates[i].properties.deviceName, choice) !=
                        nullptr)
        return i;
    return RuntimeError(
        MGPU_ERROR_INVALID_DEVICE,
        StrCat("MGPU_VULKAN_DEVICE=", choice,
               isIndex ? " is out of range" : " names no Vulkan device", there,
               " (set it to an index or a part of a name)"));
  }
  for (int pass = 0; pass < 2; ++pass)
    for (size_t i = 0; i < candidates.size(); ++i)
      if (candidates[i].unfit.empty() &&
          (pass ||
           candidates[i].properties.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU))
        return i;
  return RuntimeError(MGPU_ERROR_NO_DEVICE,
                      StrCat("no Vulkan device can run the Vulkan backend, "
                             "which needs Vulkan 1.3, bufferDeviceAddress, "
                             "timeline semaphores and a compute queue",
                             there));
}

/// Whether `physical` has the device extension `name`.
StatusOr<bool> HasExtension(const VulkanApi &vk, VkPhysicalDevice physical,
                            const char *name) {
  uint32_t count = 0;
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkEnumerateDeviceExtensionProperties,
                              physical, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> extensions(count);
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkEnumerateDeviceExtensionProperties,
                              physical, nullptr, &count, extensions.data());
  for (uint32_t i = 0; i < count; ++i)
    if (!std::strcmp(extensions[i].extensionName, name))
      return true;
  return false;
}

/// Fills in `features` with every feature `physical` has but robust buffer
/// access (checks that cost every access), chained for vkCreateDevice as
/// `chain`, and `extensions` with the extensions they need.
Status ChooseFeatures(const VulkanApi &vk, VkPhysicalDevice physical,
                      DeviceFeatures &features,
                      VkPhysicalDeviceFeatures2 &chain,
                      std::vector<const char *> &extensions) {
  chain = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &features.v11};
  features.v11.pNext = &features.v12;
  features.v12.pNext = &features.v13;
  void **last = &features.v13.pNext;
  MGPU_ASSIGN_OR_RETURN(
      bool atomicFloat,
      HasExtension(vk, physical, VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME));
  MGPU_ASSIGN_OR_RETURN(
      bool atomicFloat2,
      HasExtension(vk, physical, VK_EXT_SHADER_ATOMIC_FLOAT_2_EXTENSION_NAME));
  if (atomicFloat) {
    extensions.push_back(VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME);
    *last = &features.atomicFloat;
    last = &features.atomicFloat.pNext;
    // It extends VK_EXT_shader_atomic_float.
    if (atomicFloat2) {
      extensions.push_back(VK_EXT_SHADER_ATOMIC_FLOAT_2_EXTENSION_NAME);
      *last = &features.atomicFloat2;
    }
  }
  vk.vkGetPhysicalDeviceFeatures2(physical, &chain);
  chain.features.robustBufferAccess = VK_FALSE;
  features.v13.robustImageAccess = VK_FALSE;
  features.core = chain.features;
  VkPhysicalDeviceSubgroupProperties subgroups = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDeviceProperties2 properties = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &subgroups};
  vk.vkGetPhysicalDeviceProperties2(physical, &properties);
  if (subgroups.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT)
    features.subgroupOperations = subgroups.supportedOperations;
  return OkStatus();
}

/// Where `physical` imports host allocations into buffers of kBufferUsage,
/// adds VK_EXT_external_memory_host to `extensions` and sets
/// `device.hostImportAlignment`; else says why not in `device.noHostImport`.
Status ChooseHostImport(const VulkanApi &vk, VkPhysicalDevice physical,
                        Device &device, std::vector<const char *> &extensions) {
  MGPU_ASSIGN_OR_RETURN(
      bool extension,
      HasExtension(vk, physical, VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME));
  if (!extension) {
    device.noHostImport = "it has no VK_EXT_external_memory_host";
    return OkStatus();
  }
  VkPhysicalDeviceExternalBufferInfo buffer = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_BUFFER_INFO};
  buffer.usage = kBufferUsage;
  buffer.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT;
  VkExternalBufferProperties external = {
      VK_STRUCTURE_TYPE_EXTERNAL_BUFFER_PROPERTIES};
  vk.vkGetPhysicalDeviceExternalBufferProperties(physical, &buffer, &external);
  // Each registration is a buffer and an import of its own, but never a
  // dedicated allocation (which would tie the host memory to one buffer).
  const VkExternalMemoryFeatureFlags features =
      external.externalMemoryProperties.externalMemoryFeatures;
  if (!(features & VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT) ||
      (features & VK_EXTERNAL_MEMORY_FEATURE_DEDICATED_ONLY_BIT)) {
    device.noHostImport =
        "its VK_EXT_external_memory_host imports no host allocation into a "
        "storage buffer with a device address";
    return OkStatus();
  }
  VkPhysicalDeviceExternalMemoryHostPropertiesEXT host = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT};
  VkPhysicalDeviceProperties2 properties = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &host};
  vk.vkGetPhysicalDeviceProperties2(physical, &properties);
  // It depends on VK_KHR_external_memory, core since Vulkan 1.1.
  extensions.push_back(VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
  device.hostImportAlignment = host.minImportedHostPointerAlignment;
  return OkStatus();
}

/// Creates the logical device with every feature `physical` has
/// (ChooseFeatures), and its queue.
Status CreateLogicalDevice(Device &device) {
  VulkanApi &vk = device.vk;
  // Chained into `chain` until the device is made; kept without the chain.
  DeviceFeatures features;
  VkPhysicalDeviceFeatures2 chain;
  std::vector<const char *> extensions;
  MGPU_RETURN_IF_ERROR(
      ChooseFeatures(vk, device.physicalDevice, features, chain, extensions));
  MGPU_RETURN_IF_ERROR(
      ChooseHostImport(vk, device.physicalDevice, device, extensions));
  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue.queueFamilyIndex = device.queueFamily;
  queue.queueCount = 1;
  queue.pQueuePriorities = &priority;
  VkDeviceCreateInfo info = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &chain};
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queue;
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkCreateDevice, device.physicalDevice, &info,
                              nullptr, &device.device);
  device.features = features;
  for (VkBaseOutStructure *chained :
       {reinterpret_cast<VkBaseOutStructure *>(&device.features.v11),
        reinterpret_cast<VkBaseOutStructure *>(&device.features.v12),
        reinterpret_cast<VkBaseOutStructure *>(&device.features.v13),
        reinterpret_cast<VkBaseOutStructure *>(&device.features.atomicFloat),
        reinterpret_cast<VkBaseOutStructure *>(&device.features.atomicFloat2)})
    chained->pNext = nullptr;
  MGPU_RETURN_IF_ERROR(ResolveDeviceApi(vk, device.device));
  vk.vkGetDeviceQueue(device.device, device.queueFamily, 0, &device.queue);
  VkPipelineCacheCreateInfo cache = {
      VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkCreatePipelineCache, device.device, &cache,
                              nullptr, &device.pipelineCache);
  return OkStatus();
}

StatusOr<Device *> Create() {
  MGPU_ASSIGN_OR_RETURN(VulkanApi api, LoadVulkanApi());
  // Kept even when the choice fails: the instance made for it is the
  // driver's, and stays reachable rather than leaked.
  static Device *device = new Device;
  device->vk = api;
  VulkanApi &vk = device->vk;
  MGPU_ASSIGN_OR_RETURN(device->instance, CreateInstance(vk));
  uint32_t count = 0;
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkEnumeratePhysicalDevices, device->instance,
                              &count, nullptr);
  std::vector<VkPhysicalDevice> handles(count);
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkEnumeratePhysicalDevices, device->instance,
                              &count, handles.data());
  if (count == 0)
    return RuntimeError(MGPU_ERROR_NO_DEVICE,
                        StrCat("the Vulkan loader ", vk.path,
                               " sees no device: install a Vulkan driver "
                               "(mesa-vulkan-drivers for the CPU's), or check "
                               "VK_ICD_FILENAMES"));
  std::vector<Candidate> candidates;
  for (VkPhysicalDevice handle : handles)
    candidates.push_back(Inspect(vk, handle));
  MGPU_ASSIGN_OR_RETURN(size_t chosen, Choose(candidates));
  const Candidate &candidate = candidates[chosen];
  device->description = Describe(candidate, chosen);
  if (!candidate.unfit.empty())
    return RuntimeError(
        MGPU_ERROR_NOT_SUPPORTED,
        StrCat("Vulkan ", device->description,
               " cannot run the Vulkan backend: ", candidate.unfit,
               "; this machine has ", DescribeAll(candidates)));
  device->physicalDevice = candidate.handle;
  device->name = candidate.properties.deviceName;
  device->limits = candidate.properties.limits;
  device->queueFamily = candidate.queueFamily;
  device->timestamps = candidate.timestamps;
  vk.vkGetPhysicalDeviceMemoryProperties(device->physicalDevice,
                                         &device->memory);
  MGPU_RETURN_IF_ERROR(CreateLogicalDevice(*device));
  return device;
}

} // namespace

StatusOr<Device *> GetDevice() {
  // Chosen once; a failure is final too (the machine will not grow a device).
  static const StatusOr<Device *> *device = new StatusOr<Device *>(Create());
  return *device;
}

int FindMemoryType(const Device &device, uint32_t typeBits,
                   VkMemoryPropertyFlags required) {
  for (uint32_t i = 0; i < device.memory.memoryTypeCount; ++i)
    if ((typeBits & (1u << i)) &&
        (device.memory.memoryTypes[i].propertyFlags & required) == required)
      return static_cast<int>(i);
  return -1;
}

} // namespace mgpu::vulkan
