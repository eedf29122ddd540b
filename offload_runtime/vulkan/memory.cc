//===- memory.cc - Buffers, and the allocation of any pointer -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/memory.h"

#include "offload_runtime/vulkan/vulkan_error.h"

#include <mutex>

namespace mgpu::vulkan {
namespace {

constexpr VkBufferUsageFlags kUsage =
    VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;

/// The memory type for `requirements`: host-visible and coherent, or
/// device-local if there is such a type (any otherwise).
StatusOr<uint32_t> ChooseMemoryType(Device &device, uint32_t typeBits,
                                    bool hostVisible, uint64_t bytes) {
  int type = hostVisible
                 ? FindMemoryType(device, typeBits,
                                  VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                      VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)
                 : FindMemoryType(device, typeBits,
                                  VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  if (type < 0 && !hostVisible)
    type = FindMemoryType(device, typeBits, 0);
  if (type < 0)
    return RuntimeError(MGPU_ERROR_NOT_SUPPORTED,
                        StrCat("Vulkan ", device.description, " has no ",
                               hostVisible ? "host-visible, coherent" : "",
                               " memory for ", bytes, " bytes of a buffer"));
  return static_cast<uint32_t>(type);
}

/// Allocates and binds the memory of `buffer`, and maps it if asked.
Status AllocateMemory(Device &device, Buffer &buffer, bool hostVisible) {
  VulkanApi &vk = device.vk;
  VkMemoryRequirements requirements;
  vk.vkGetBufferMemoryRequirements(device.device, buffer.buffer, &requirements);
  MGPU_ASSIGN_OR_RETURN(uint32_t type,
                        ChooseMemoryType(device, requirements.memoryTypeBits,
                                         hostVisible, buffer.bytes));
  VkMemoryAllocateFlagsInfo flags = {
      VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
  flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
  VkMemoryAllocateInfo info = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, &flags};
  info.allocationSize = requirements.size;
  info.memoryTypeIndex = type;
  if (VkResult result =
          vk.vkAllocateMemory(device.device, &info, nullptr, &buffer.memory);
      result != VK_SUCCESS)
    return VulkanError(
        result, "vkAllocateMemory",
        StrCat(buffer.bytes, " bytes on Vulkan ", device.description));
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkBindBufferMemory, device.device,
                              buffer.buffer, buffer.memory, 0);
  if (hostVisible) {
    void *mapped = nullptr;
    MGPU_RETURN_IF_VULKAN_ERROR(vk, vkMapMemory, device.device, buffer.memory,
                                0, VK_WHOLE_SIZE, 0, &mapped);
    buffer.mapped = static_cast<char *>(mapped);
  }
  return OkStatus();
}

} // namespace

StatusOr<Buffer> CreateBuffer(Device &device, uint64_t bytes,
                              bool hostVisible) {
  VulkanApi &vk = device.vk;
  Buffer buffer;
  buffer.bytes = bytes;
  VkBufferCreateInfo info = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = bytes;
  info.usage = kUsage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  if (VkResult result =
          vk.vkCreateBuffer(device.device, &info, nullptr, &buffer.buffer);
      result != VK_SUCCESS)
    return VulkanError(result, "vkCreateBuffer",
                       StrCat(bytes, " bytes on Vulkan ", device.description));
  if (Status status = AllocateMemory(device, buffer, hostVisible);
      !status.ok()) {
    DestroyBuffer(device, buffer);
    return status;
  }
  VkBufferDeviceAddressInfo address = {
      VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO};
  address.buffer = buffer.buffer;
  buffer.address = vk.vkGetBufferDeviceAddress(device.device, &address);
  return buffer;
}

void DestroyBuffer(Device &device, const Buffer &buffer) {
  // Freeing the memory unmaps it.
  device.vk.vkDestroyBuffer(device.device, buffer.buffer, nullptr);
  if (buffer.memory)
    device.vk.vkFreeMemory(device.device, buffer.memory, nullptr);
}

AllocationTable &AllocationTable::Get() {
  // Never destroyed: memory may be freed from global destructors.
  static AllocationTable *table = new AllocationTable;
  return *table;
}

void AllocationTable::Add(const Buffer &buffer, bool hostShared) {
  std::unique_lock<std::shared_mutex> lock(mutex);
  byAddress[buffer.address] = buffer;
  if (hostShared)
    byMapping[reinterpret_cast<uintptr_t>(buffer.mapped)] = buffer;
}

StatusOr<Buffer> AllocationTable::Remove(void *ptr) {
  const auto value = reinterpret_cast<uintptr_t>(ptr);
  std::unique_lock<std::shared_mutex> lock(mutex);
  auto mapping = byMapping.find(value);
  auto address = byAddress.find(
      mapping != byMapping.end() ? mapping->second.address : value);
  // Device memory is returned by address, host_shared memory by mapping.
  if (address == byAddress.end() ||
      (mapping == byMapping.end() && address->second.mapped))
    return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                        StrCat("cannot free ", ptr,
                               ": it is not memory from mgpuMemAlloc, or was "
                               "freed already"));
  Buffer buffer = address->second;
  byAddress.erase(address);
  if (mapping != byMapping.end())
    byMapping.erase(mapping);
  return buffer;
}

const Buffer *AllocationTable::Holding(const Ranges &ranges, uint64_t value) {
  auto next = ranges.upper_bound(value);
  if (next == ranges.begin())
    return nullptr;
  const auto &[start, buffer] = *std::prev(next);
  return value - start < buffer.bytes ? &buffer : nullptr;
}

StatusOr<std::optional<Place>>
AllocationTable::Find(const void *ptr, uint64_t bytes, const char *what) {
  const auto value = reinterpret_cast<uintptr_t>(ptr);
  std::shared_lock<std::shared_mutex> lock(mutex);
  bool byDeviceAddress = true;
  const Buffer *buffer = Holding(byAddress, value);
  if (!buffer) {
    byDeviceAddress = false;
    buffer = Holding(byMapping, value);
  }
  if (!buffer)
    return std::optional<Place>();
  uint64_t offset =
      value - (byDeviceAddress ? buffer->address
                               : reinterpret_cast<uintptr_t>(buffer->mapped));
  if (bytes > buffer->bytes - offset)
    return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                        StrCat("the ", what, " of ", bytes, " bytes at ", ptr,
                               " runs past the end of its allocation, ",
                               buffer->bytes - offset, " bytes from there"));
  return std::optional<Place>(Place{*buffer, offset});
}

uint64_t AllocationTable::DeviceAddressOf(uint64_t value) {
  std::shared_lock<std::shared_mutex> lock(mutex);
  if (byMapping.empty())
    return value;
  const Buffer *buffer = Holding(byMapping, value);
  if (!buffer)
    return value;
  return buffer->address +
         (value - reinterpret_cast<uintptr_t>(buffer->mapped));
}

} // namespace mgpu::vulkan
