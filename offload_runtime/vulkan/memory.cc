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

/// Makes the VkBuffer of `buffer.bytes`, with `next` chained to its create
/// info.
Status MakeBuffer(Device &device, Buffer &buffer, const void *next) {
  VkBufferCreateInfo info = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, next};
  info.size = buffer.bytes;
  info.usage = kBufferUsage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  if (VkResult result = device.vk.vkCreateBuffer(device.device, &info, nullptr,
                                                 &buffer.buffer);
      result != VK_SUCCESS)
    return VulkanError(
        result, "vkCreateBuffer",
        StrCat(buffer.bytes, " bytes on Vulkan ", device.description));
  return OkStatus();
}

/// Allocates `bytes` of memory of `type` for `buffer` with `next` chained
/// to the allocate info (an import), binds it, and takes the buffer's
/// device address.
Status AllocateAndBind(Device &device, Buffer &buffer, uint64_t bytes,
                       uint32_t type, const void *next) {
  VulkanApi &vk = device.vk;
  VkMemoryAllocateFlagsInfo flags = {
      VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO, next};
  flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
  VkMemoryAllocateInfo info = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, &flags};
  info.allocationSize = bytes;
  info.memoryTypeIndex = type;
  if (VkResult result =
          vk.vkAllocateMemory(device.device, &info, nullptr, &buffer.memory);
      result != VK_SUCCESS)
    return VulkanError(
        result, "vkAllocateMemory",
        StrCat(buffer.bytes, " bytes on Vulkan ", device.description));
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkBindBufferMemory, device.device,
                              buffer.buffer, buffer.memory, 0);
  VkBufferDeviceAddressInfo address = {
      VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO};
  address.buffer = buffer.buffer;
  buffer.address = vk.vkGetBufferDeviceAddress(device.device, &address);
  return OkStatus();
}

/// Allocates and binds the memory of `buffer`, and maps it if asked.
Status AllocateMemory(Device &device, Buffer &buffer, bool hostVisible) {
  VulkanApi &vk = device.vk;
  VkMemoryRequirements requirements;
  vk.vkGetBufferMemoryRequirements(device.device, buffer.buffer, &requirements);
  MGPU_ASSIGN_OR_RETURN(uint32_t type,
                        ChooseMemoryType(device, requirements.memoryTypeBits,
                                         hostVisible, buffer.bytes));
  MGPU_RETURN_IF_ERROR(
      AllocateAndBind(device, buffer, requirements.size, type, nullptr));
  if (hostVisible) {
    void *mapped = nullptr;
    MGPU_RETURN_IF_VULKAN_ERROR(vk, vkMapMemory, device.device, buffer.memory,
                                0, VK_WHOLE_SIZE, 0, &mapped);
    buffer.mapped = static_cast<char *>(mapped);
  }
  return OkStatus();
}

/// Imports the host memory of `buffer` (its `mapped` and `bytes`) as its
/// memory, for which `what` is the program's own range.
Status ImportMemory(Device &device, Buffer &buffer, const std::string &what) {
  VulkanApi &vk = device.vk;
  const auto handleType =
      VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT;
  VkMemoryHostPointerPropertiesEXT pointer = {
      VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
  if (VkResult result = vk.vkGetMemoryHostPointerPropertiesEXT(
          device.device, handleType, buffer.mapped, &pointer);
      result != VK_SUCCESS)
    return VulkanError(result, "vkGetMemoryHostPointerPropertiesEXT", what);
  VkMemoryRequirements requirements;
  vk.vkGetBufferMemoryRequirements(device.device, buffer.buffer, &requirements);
  // Coherent memory needs no flush or invalidation: the host's writes are
  // the device's at the next submission, and the device's the host's once
  // the stream's barrier to the host has run (stream.cc).
  int type = FindMemoryType(
      device, pointer.memoryTypeBits & requirements.memoryTypeBits,
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
          VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  if (type < 0 || requirements.size > buffer.bytes)
    return RuntimeError(
        MGPU_ERROR_NOT_SUPPORTED,
        StrCat("cannot register ", what, ": Vulkan ", device.description,
               type < 0 ? " imports it as no host-visible, coherent memory"
                        : StrCat(" needs ", requirements.size,
                                 " bytes for a buffer of its ", buffer.bytes,
                                 " bytes of pages")));
  VkImportMemoryHostPointerInfoEXT import = {
      VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT};
  import.handleType = handleType;
  import.pHostPointer = buffer.mapped;
  return AllocateAndBind(device, buffer, buffer.bytes,
                         static_cast<uint32_t>(type), &import);
}

} // namespace

StatusOr<Buffer> CreateBuffer(Device &device, uint64_t bytes,
                              bool hostVisible) {
  Buffer buffer;
  buffer.bytes = bytes;
  MGPU_RETURN_IF_ERROR(MakeBuffer(device, buffer, nullptr));
  if (Status status = AllocateMemory(device, buffer, hostVisible);
      !status.ok()) {
    DestroyBuffer(device, buffer);
    return status;
  }
  return buffer;
}

StatusOr<Buffer> ImportHostMemory(Device &device, void *ptr, uint64_t bytes) {
  const uint64_t alignment = device.hostImportAlignment;
  const auto start = reinterpret_cast<uintptr_t>(ptr);
  const uint64_t first = start & ~(alignment - 1);
  // The core checked that [ptr, ptr + bytes) does not wrap; its last page
  // may end at the top of the address space, where `end` wraps to 0.
  const uint64_t end = (start + bytes + alignment - 1) & ~(alignment - 1);
  Buffer buffer;
  buffer.mapped = reinterpret_cast<char *>(first);
  buffer.bytes = end - first;
  const VkExternalMemoryBufferCreateInfo external = {
      VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO, nullptr,
      VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT};
  MGPU_RETURN_IF_ERROR(MakeBuffer(device, buffer, &external));
  if (Status status =
          ImportMemory(device, buffer,
                       StrCat(bytes, " bytes at ", ptr, " (", buffer.bytes,
                              " bytes of pages at ",
                              static_cast<void *>(buffer.mapped), ")"));
      !status.ok()) {
    DestroyBuffer(device, buffer);
    return status;
  }
  return buffer;
}

void DestroyBuffer(Device &device, const Buffer &buffer) {
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
  byAddress[buffer.address] = {buffer, buffer.bytes};
  if (hostShared)
    byMapping[reinterpret_cast<uintptr_t>(buffer.mapped)] = {buffer,
                                                             buffer.bytes};
}

StatusOr<Buffer> AllocationTable::Remove(void *ptr) {
  const auto value = reinterpret_cast<uintptr_t>(ptr);
  std::unique_lock<std::shared_mutex> lock(mutex);
  auto mapping = byMapping.find(value);
  auto address = byAddress.find(
      mapping != byMapping.end() ? mapping->second.buffer.address : value);
  // Device memory is returned by address, host_shared memory by mapping.
  if (address == byAddress.end() ||
      (mapping == byMapping.end() && address->second.buffer.mapped))
    return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                        StrCat("cannot free ", ptr,
                               ": it is not memory from mgpuMemAlloc, or was "
                               "freed already"));
  Buffer buffer = address->second.buffer;
  byAddress.erase(address);
  if (mapping != byMapping.end())
    byMapping.erase(mapping);
  return buffer;
}

bool AllocationTable::Overlaps(const Ranges &ranges, uint64_t start,
                               uint64_t end) {
  auto next = ranges.lower_bound(start);
  if (next != ranges.end() && next->first < end)
    return true;
  if (next == ranges.begin())
    return false;
  const auto &[previous, range] = *std::prev(next);
  return start - previous < range.bytes;
}

Status AllocationTable::CheckRegistrableLocked(const void *ptr,
                                               uint64_t bytes) const {
  const auto start = reinterpret_cast<uintptr_t>(ptr);
  const uint64_t end = start + bytes;
  if (Overlaps(byAddress, start, end) || Overlaps(byMapping, start, end) ||
      Overlaps(registrations, start, end))
    return RuntimeError(MGPU_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
                        StrCat(bytes, " bytes at ", ptr,
                               " overlap memory that is registered or "
                               "allocated already"));
  return OkStatus();
}

Status AllocationTable::CheckRegistrable(const void *ptr, uint64_t bytes) {
  std::shared_lock<std::shared_mutex> lock(mutex);
  return CheckRegistrableLocked(ptr, bytes);
}

Status AllocationTable::AddRegistration(void *ptr, uint64_t bytes,
                                        const Buffer &imported) {
  std::unique_lock<std::shared_mutex> lock(mutex);
  // Checked again: another thread may have registered it since.
  MGPU_RETURN_IF_ERROR(CheckRegistrableLocked(ptr, bytes));
  registrations[reinterpret_cast<uintptr_t>(ptr)] = {imported, bytes};
  return OkStatus();
}

StatusOr<Buffer> AllocationTable::RemoveRegistration(void *ptr) {
  std::unique_lock<std::shared_mutex> lock(mutex);
  auto it = registrations.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == registrations.end())
    return RuntimeError(MGPU_ERROR_HOST_MEMORY_NOT_REGISTERED,
                        StrCat(ptr, " is not the start of registered memory"));
  Buffer imported = it->second.buffer;
  registrations.erase(it);
  return imported;
}

bool AllocationTable::IsRegistered(const void *ptr) {
  std::shared_lock<std::shared_mutex> lock(mutex);
  return Holding(registrations, reinterpret_cast<uintptr_t>(ptr)) != nullptr;
}

const AllocationTable::Ranges::value_type *
AllocationTable::Holding(const Ranges &ranges, uint64_t value, bool orEnd) {
  auto next = ranges.upper_bound(value);
  if (next == ranges.begin())
    return nullptr;
  const auto &holding = *std::prev(next);
  const uint64_t offset = value - holding.first;
  return offset < holding.second.bytes ||
                 (orEnd && offset == holding.second.bytes)
             ? &holding
             : nullptr;
}

const AllocationTable::Range *AllocationTable::ImportHolding(uint64_t value,
                                                             bool orEnd) const {
  // Registrations do not overlap: the pages of the last one to start at or
  // before `value` reach furthest up of those, and the pages of the first to
  // start after it furthest down of those.
  auto imports = [value, orEnd](const Range &range) {
    const uint64_t offset =
        value - reinterpret_cast<uintptr_t>(range.buffer.mapped);
    return offset < range.buffer.bytes ||
           (orEnd && offset == range.buffer.bytes);
  };
  auto next = registrations.upper_bound(value);
  if (next != registrations.begin() && imports(std::prev(next)->second))
    return &std::prev(next)->second;
  if (next != registrations.end() && imports(next->second))
    return &next->second;
  return nullptr;
}

StatusOr<std::optional<Place>>
AllocationTable::Find(const void *ptr, uint64_t bytes, const char *what) {
  const auto value = reinterpret_cast<uintptr_t>(ptr);
  std::shared_lock<std::shared_mutex> lock(mutex);
  for (const Ranges *ranges : {&byAddress, &byMapping, &registrations}) {
    const Ranges::value_type *holding = Holding(*ranges, value);
    if (!holding)
      continue;
    const auto &[start, range] = *holding;
    const uint64_t left = range.bytes - (value - start);
    if (bytes > left)
      return RuntimeError(
          MGPU_ERROR_INVALID_VALUE,
          StrCat("the ", what, " of ", bytes, " bytes at ", ptr,
                 " runs past the end of its ",
                 ranges == &registrations ? "registration" : "allocation", ", ",
                 left, " bytes from there"));
    // Where the buffer's first byte is, as `value` counts.
    const uint64_t base =
        ranges == &byAddress ? range.buffer.address
                             : reinterpret_cast<uintptr_t>(range.buffer.mapped);
    return std::optional<Place>(Place{range.buffer, value - base});
  }
  return std::optional<Place>();
}

std::optional<uint64_t> AllocationTable::DeviceAddressOf(uint64_t value) {
  if (value == 0)
    return value;
  std::shared_lock<std::shared_mutex> lock(mutex);
  // A pointer into memory before one just past the end of other memory.
  for (bool orEnd : {false, true}) {
    if (Holding(byAddress, value, orEnd))
      return value;
    const Range *range = nullptr;
    if (const Ranges::value_type *mapping = Holding(byMapping, value, orEnd))
      range = &mapping->second;
    else
      range = ImportHolding(value, orEnd);
    if (range)
      return range->buffer.address +
             (value - reinterpret_cast<uintptr_t>(range->buffer.mapped));
  }
  return std::nullopt;
}

} // namespace mgpu::vulkan
