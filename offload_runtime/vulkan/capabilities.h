//===- capabilities.h - SPIR-V capabilities against a device ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A SPIR-V module may declare a capability only where the Vulkan device has
// what the Vulkan specification's table of SPIR-V capabilities asks for it
// (a feature, an extension's feature, subgroup operations); a driver given
// one it lacks may refuse the module, or run it wrongly. The device is
// created with every feature it has (device.cc), so the check is against
// what it has; a module that declares a capability it lacks, or one that
// this table does not know, is refused at load, naming the capability.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_CAPABILITIES_H
#define OFFLOAD_RUNTIME_VULKAN_CAPABILITIES_H

#include "offload_runtime/status.h"
#include "offload_runtime/vulkan/vulkan_api.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace mgpu::vulkan {

/// What the logical device is created with, of what SPIR-V capabilities ask
/// for: its features (the extensions' are zero where it lacks the
/// extension), and the subgroup operations of its compute shaders. The
/// structs' pNext are null.
struct DeviceFeatures {
  VkPhysicalDeviceFeatures core = {};
  VkPhysicalDeviceVulkan11Features v11 = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features v12 = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features v13 = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  /// VK_EXT_shader_atomic_float.
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomicFloat = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  /// VK_EXT_shader_atomic_float2.
  VkPhysicalDeviceShaderAtomicFloat2FeaturesEXT atomicFloat2 = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_2_FEATURES_EXT};
  /// VkPhysicalDeviceSubgroupProperties::supportedOperations, or 0 where
  /// compute shaders have none (supportedStages).
  VkSubgroupFeatureFlags subgroupOperations = 0;
};

/// OK if `features` has what each of `capabilities` (a SPIR-V module's
/// OpCapability operands) asks for; else an error that names the first that
/// it lacks, and what it asks for, as `module` (the SPIR-V object of
/// gpu.binary @b) on `device` (its description).
Status CheckCapabilities(const DeviceFeatures &features,
                         const std::vector<uint32_t> &capabilities,
                         std::string_view module, std::string_view device);

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_CAPABILITIES_H
