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

/// A subgroup operation, which compute shaders must support.
template <VkSubgroupFeatureFlagBits bit>
constexpr bool Subgroups(const DeviceFeatures &features) {
  return (features.subgroupOperations & bit) != 0;
}

// By the SPIR-V specification's numbers (unified 1.6).
constexpr Capability kCapabilities[] = {
    {0, "Matrix", "", Always},
    {1, "Shader", "", Always},
    {9, "Float16", "shaderFloat16",
     [](const DeviceFeatures &f) { return f.v12.shaderFloat16 == VK_TRUE; }},
    {10, "Float64", "shaderFloat64",
     [](const DeviceFeatures &f) { return f.core.shaderFloat64 == VK_TRUE; }},
    {11, "Int64", "shaderInt64",
     [](const DeviceFeatures &f) { return f.core.shaderInt64 == VK_TRUE; }},
    {12, "Int64Atomics", "shaderBufferInt64Atomics or shaderSharedInt64Atomics",
     [](const DeviceFeatures &f) {
       return f.v12.shaderBufferInt64Atomics || f.v12.shaderSharedInt64Atomics;
     }},
    {22, "Int16", "shaderInt16",
     [](const DeviceFeatures &f) { return f.core.shaderInt16 == VK_TRUE; }},
    {39, "Int8", "shaderInt8",
     [](const DeviceFeatures &f) { return f.v12.shaderInt8 == VK_TRUE; }},
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
     [](const DeviceFeatures &f) {
       return f.v11.storageBuffer16BitAccess == VK_TRUE;
     }},
    {4434, "UniformAndStorageBuffer16BitAccess",
     "uniformAndStorageBuffer16BitAccess",
     [](const DeviceFeatures &f) {
       return f.v11.uniformAndStorageBuffer16BitAccess == VK_TRUE;
     }},
    {4435, "StoragePushConstant16", "storagePushConstant16",
     [](const DeviceFeatures &f) {
       return f.v11.storagePushConstant16 == VK_TRUE;
     }},
    {4441, "VariablePointersStorageBuffer", "variablePointersStorageBuffer",
     [](const DeviceFeatures &f) {
       return f.v11.variablePointersStorageBuffer == VK_TRUE;
     }},
    {4442, "VariablePointers", "variablePointers",
     [](const DeviceFeatures &f) { return f.v11.variablePointers == VK_TRUE; }},
    {4448, "StorageBuffer8BitAccess", "storageBuffer8BitAccess",
     [](const DeviceFeatures &f) {
       return f.v12.storageBuffer8BitAccess == VK_TRUE;
     }},
    {4449, "UniformAndStorageBuffer8BitAccess",
     "uniformAndStorageBuffer8BitAccess",
     [](const DeviceFeatures &f) {
       return f.v12.uniformAndStorageBuffer8BitAccess == VK_TRUE;
     }},
    {4450, "StoragePushConstant8", "storagePushConstant8",
     [](const DeviceFeatures &f) {
       return f.v12.storagePushConstant8 == VK_TRUE;
     }},
    {5301, "ShaderNonUniform", "", Always},
    {5345, "VulkanMemoryModel", "vulkanMemoryModel",
     [](const DeviceFeatures &f) {
       return f.v12.vulkanMemoryModel == VK_TRUE;
     }},
    {5346, "VulkanMemoryModelDeviceScope", "vulkanMemoryModelDeviceScope",
     [](const DeviceFeatures &f) {
       return f.v12.vulkanMemoryModelDeviceScope == VK_TRUE;
     }},
    {5347, "PhysicalStorageBufferAddresses", "bufferDeviceAddress",
     [](const DeviceFeatures &f) {
       return f.v12.bufferDeviceAddress == VK_TRUE;
     }},
    {5612, "AtomicFloat32MinMaxEXT",
     "shaderBufferFloat32AtomicMinMax or shaderSharedFloat32AtomicMinMax of "
     "VK_EXT_shader_atomic_float2",
     [](const DeviceFeatures &f) {
       return f.atomicFloat2.shaderBufferFloat32AtomicMinMax ||
              f.atomicFloat2.shaderSharedFloat32AtomicMinMax;
     }},
    {5613, "AtomicFloat64MinMaxEXT",
     "shaderBufferFloat64AtomicMinMax or shaderSharedFloat64AtomicMinMax of "
     "VK_EXT_shader_atomic_float2",
     [](const DeviceFeatures &f) {
       return f.atomicFloat2.shaderBufferFloat64AtomicMinMax ||
              f.atomicFloat2.shaderSharedFloat64AtomicMinMax;
     }},
    {5616, "AtomicFloat16MinMaxEXT",
     "shaderBufferFloat16AtomicMinMax or shaderSharedFloat16AtomicMinMax of "
     "VK_EXT_shader_atomic_float2",
     [](const DeviceFeatures &f) {
       return f.atomicFloat2.shaderBufferFloat16AtomicMinMax ||
              f.atomicFloat2.shaderSharedFloat16AtomicMinMax;
     }},
    {6016, "DotProductInputAll", "shaderIntegerDotProduct",
     [](const DeviceFeatures &f) {
       return f.v13.shaderIntegerDotProduct == VK_TRUE;
     }},
    {6017, "DotProductInput4x8Bit", "shaderIntegerDotProduct",
     [](const DeviceFeatures &f) {
       return f.v13.shaderIntegerDotProduct == VK_TRUE;
     }},
    {6018, "DotProductInput4x8BitPacked", "shaderIntegerDotProduct",
     [](const DeviceFeatures &f) {
       return f.v13.shaderIntegerDotProduct == VK_TRUE;
     }},
    {6019, "DotProduct", "shaderIntegerDotProduct",
     [](const DeviceFeatures &f) {
       return f.v13.shaderIntegerDotProduct == VK_TRUE;
     }},
    {6033, "AtomicFloat32AddEXT",
     "shaderBufferFloat32AtomicAdd or shaderSharedFloat32AtomicAdd of "
     "VK_EXT_shader_atomic_float",
     [](const DeviceFeatures &f) {
       return f.atomicFloat.shaderBufferFloat32AtomicAdd ||
              f.atomicFloat.shaderSharedFloat32AtomicAdd;
     }},
    {6034, "AtomicFloat64AddEXT",
     "shaderBufferFloat64AtomicAdd or shaderSharedFloat64AtomicAdd of "
     "VK_EXT_shader_atomic_float",
     [](const DeviceFeatures &f) {
       return f.atomicFloat.shaderBufferFloat64AtomicAdd ||
              f.atomicFloat.shaderSharedFloat64AtomicAdd;
     }},
    {6095, "AtomicFloat16AddEXT",
     "shaderBufferFloat16AtomicAdd or shaderSharedFloat16AtomicAdd of "
     "VK_EXT_shader_atomic_float2",
     [](const DeviceFeatures &f) {
       return f.atomicFloat2.shaderBufferFloat16AtomicAdd ||
              f.atomicFloat2.shaderSharedFloat16AtomicAdd;
     }},
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
