//===- capabilities.cc - SPIR-V capabilities against a device -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/capabilities.h"

namespace mgpu::vulkan {
namespace {

/// A capability a compute shader may declare, and what the Vulkan 1.3
/// specification's table of SPIR-V capabilities asks of the device for it
/// (any one of its features), in words and as a test.
struct Capability {
  uint32_t id;
  const char *name;
  /// Empty: every Vulkan 1.3 device has it.
  const char *needs;
  bool (*has)(const DeviceFeatures &);
};

constexpr bool Always(const DeviceFeatures &) { return true; }

using Core = VkPhysicalDeviceFeatures;
using V11 = VkPhysicalDeviceVulkan11Features;
using V12 = VkPhysicalDeviceVulkan12Features;
using V13 = VkPhysicalDeviceVulkan13Features;
using AtomicFloat = VkPhysicalDeviceShaderAtomicFloatFeaturesEXT;
using AtomicFloat2 = VkPhysicalDeviceShaderAtomicFloat2FeaturesEXT;

/// A feature of `features`, from the struct that declares it.
constexpr VkBool32 Get(const DeviceFeatures &features,
                       VkBool32 Core::*feature) {
  return features.core.*feature;
}
constexpr VkBool32 Get(const DeviceFeatures &features, VkBool32 V11::*feature) {
  return features.v11.*feature;
}
constexpr VkBool32 Get(const DeviceFeatures &features, VkBool32 V12::*feature) {
  return features.v12.*feature;
}
constexpr VkBool32 Get(const DeviceFeatures &features, VkBool32 V13::*feature) {
  return features.v13.*feature;
}
constexpr VkBool32 Get(const DeviceFeatures &features,
                       VkBool32 AtomicFloat::*feature) {
  return features.atomicFloat.*feature;
}
constexpr VkBool32 Get(const DeviceFeatures &features,
                       VkBool32 AtomicFloat2::*feature) {
  return features.atomicFloat2.*feature;
}

/// Whether the device has any one of `features`.
template <auto... features> constexpr bool AnyOf(const DeviceFeatures &device) {
  return ((Get(device, features) == VK_TRUE) || ...);
}

/// A subgroup operation, which compute shaders must support.
template <VkSubgroupFeatureFlagBits bit>
constexpr bool Subgroups(const DeviceFeatures &features) {
  return (features.subgroupOperations & bit) != 0;
}

// By the SPIR-V specification's numbers (unified 1.6).
constexpr Capability kCapabilities[] = {
    {0, "Matrix", "", Always},
    {1, "Shader", "", Always},
    {9, "Float16", "shaderFloat16", AnyOf<&V12::shaderFloat16>},
    {10, "Float64", "shaderFloat64", AnyOf<&Core::shaderFloat64>},
    {11, "Int64", "shaderInt64", AnyOf<&Core::shaderInt64>},
    {12, "Int64Atomics", "shaderBufferInt64Atomics or shaderSharedInt64Atomics",
     AnyOf<&V12::shaderBufferInt64Atomics, &V12::shaderSharedInt64Atomics>},
    {22, "Int16", "shaderInt16", AnyOf<&Core::shaderInt16>},
    {39, "Int8", "shaderInt8", AnyOf<&V12::shaderInt8>},
    {61, "GroupNonUniform", "subgroup operations (basic) in compute shaders",
     Subgroups<VK_SUBGROUP_FEATURE_BASIC_BIT>},
    {62, "GroupNonUniformVote", "subgroup vote operations in compute shaders",
     Subgroups<VK_SUBGROUP_FEATURE_VOTE_BIT>},
    {63, "GroupNonUniformArithmetic",
     "subgroup arithmetic operations in compute shaders",
     Subgroups<VK_SUBGROUP_FEATURE_ARITHMETIC_BIT>},
    {64, "GroupNonUniformBallot",
     "subgroup ballot operations in compute shaders",
     Subgroups<VK_SUBGROUP_FEATURE_BALLOT_BIT>},
    {65, "GroupNonUniformShuffle",
     "subgroup shuffle operations in compute shaders",
     Subgroups<VK_SUBGROUP_FEATURE_SHUFFLE_BIT>},
    {66, "GroupNonUniformShuffleRelative",
     "subgroup relative shuffle operations in compute shaders",
     Subgroups<VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT>},
    {67, "GroupNonUniformClustered",
     "subgroup clustered operations in compute shaders",
     Subgroups<VK_SUBGROUP_FEATURE_CLUSTERED_BIT>},
    {68, "GroupNonUniformQuad", "subgroup quad operations in compute shaders",
     Subgroups<VK_SUBGROUP_FEATURE_QUAD_BIT>},
    {4433, "StorageBuffer16BitAccess", "storageBuffer16BitAccess",
     AnyOf<&V11::storageBuffer16BitAccess>},
    {4434, "UniformAndStorageBuffer16BitAccess",
     "uniformAndStorageBuffer16BitAccess",
     AnyOf<&V11::uniformAndStorageBuffer16BitAccess>},
    {4435, "StoragePushConstant16", "storagePushConstant16",
     AnyOf<&V11::storagePushConstant16>},
    {4441, "VariablePointersStorageBuffer", "variablePointersStorageBuffer",
     AnyOf<&V11::variablePointersStorageBuffer>},
    {4442, "VariablePointers", "variablePointers",
     AnyOf<&V11::variablePointers>},
    {4448, "StorageBuffer8BitAccess", "storageBuffer8BitAccess",
     AnyOf<&V12::storageBuffer8BitAccess>},
    {4449, "UniformAndStorageBuffer8BitAccess",
     "uniformAndStorageBuffer8BitAccess",
     AnyOf<&V12::uniformAndStorageBuffer8BitAccess>},
    {4450, "StoragePushConstant8", "storagePushConstant8",
     AnyOf<&V12::storagePushConstant8>},
    {5301, "ShaderNonUniform", "", Always},
    {5345, "VulkanMemoryModel", "vulkanMemoryModel",
     AnyOf<&V12::vulkanMemoryModel>},
    {5346, "VulkanMemoryModelDeviceScope", "vulkanMemoryModelDeviceScope",
     AnyOf<&V12::vulkanMemoryModelDeviceScope>},
    {5347, "PhysicalStorageBufferAddresses", "bufferDeviceAddress",
     AnyOf<&V12::bufferDeviceAddress>},
    {5612, "AtomicFloat32MinMaxEXT",
     "shaderBufferFloat32AtomicMinMax or shaderSharedFloat32AtomicMinMax of "
     "VK_EXT_shader_atomic_float2",
     AnyOf<&AtomicFloat2::shaderBufferFloat32AtomicMinMax,
           &AtomicFloat2::shaderSharedFloat32AtomicMinMax>},
    {5613, "AtomicFloat64MinMaxEXT",
     "shaderBufferFloat64AtomicMinMax or shaderSharedFloat64AtomicMinMax of "
     "VK_EXT_shader_atomic_float2",
     AnyOf<&AtomicFloat2::shaderBufferFloat64AtomicMinMax,
           &AtomicFloat2::shaderSharedFloat64AtomicMinMax>},
    {5616, "AtomicFloat16MinMaxEXT",
     "shaderBufferFloat16AtomicMinMax or shaderSharedFloat16AtomicMinMax of "
     "VK_EXT_shader_atomic_float2",
     AnyOf<&AtomicFloat2::shaderBufferFloat16AtomicMinMax,
           &AtomicFloat2::shaderSharedFloat16AtomicMinMax>},
    {6016, "DotProductInputAll", "shaderIntegerDotProduct",
     AnyOf<&V13::shaderIntegerDotProduct>},
    {6017, "DotProductInput4x8Bit", "shaderIntegerDotProduct",
     AnyOf<&V13::shaderIntegerDotProduct>},
    {6018, "DotProductInput4x8BitPacked", "shaderIntegerDotProduct",
     AnyOf<&V13::shaderIntegerDotProduct>},
    {6019, "DotProduct", "shaderIntegerDotProduct",
     AnyOf<&V13::shaderIntegerDotProduct>},
    {6033, "AtomicFloat32AddEXT",
     "shaderBufferFloat32AtomicAdd or shaderSharedFloat32AtomicAdd of "
     "VK_EXT_shader_atomic_float",
     AnyOf<&AtomicFloat::shaderBufferFloat32AtomicAdd,
           &AtomicFloat::shaderSharedFloat32AtomicAdd>},
    {6034, "AtomicFloat64AddEXT",
     "shaderBufferFloat64AtomicAdd or shaderSharedFloat64AtomicAdd of "
     "VK_EXT_shader_atomic_float",
     AnyOf<&AtomicFloat::shaderBufferFloat64AtomicAdd,
           &AtomicFloat::shaderSharedFloat64AtomicAdd>},
    {6095, "AtomicFloat16AddEXT",
     "shaderBufferFloat16AtomicAdd or shaderSharedFloat16AtomicAdd of "
     "VK_EXT_shader_atomic_float2",
     AnyOf<&AtomicFloat2::shaderBufferFloat16AtomicAdd,
           &AtomicFloat2::shaderSharedFloat16AtomicAdd>},
};

const Capability *Find(uint32_t id) {
  for (const Capability &capability : kCapabilities)
    if (capability.id == id)
      return &capability;
  return nullptr;
}

} // namespace

Status CheckCapabilities(const DeviceFeatures &features,
                         const std::vector<uint32_t> &capabilities,
                         std::string_view module, std::string_view device) {
  for (uint32_t id : capabilities) {
    const Capability *capability = Find(id);
    if (!capability)
      return RuntimeError(
          MGPU_ERROR_NOT_SUPPORTED,
          StrCat(module, " declares the SPIR-V capability ", id,
                 ", which the Vulkan backend cannot run: it is not one of the "
                 "capabilities of compute shaders that it checks against the "
                 "device (Shader, Int8 to Int64, Float16, Float64, atomics, "
                 "8- and 16-bit storage, subgroup operations, ...)"));
    if (!capability->has(features))
      return RuntimeError(
          MGPU_ERROR_NOT_SUPPORTED,
          StrCat(module, " declares the SPIR-V capability ", capability->name,
                 ", which Vulkan ", device, " lacks (it needs ",
                 capability->needs,
                 "): compile it for this device without it, or run it on "
                 "another (MGPU_VULKAN_DEVICE, MGPU_DEVICE)"));
  }
  return OkStatus();
}

} // namespace mgpu::vulkan
