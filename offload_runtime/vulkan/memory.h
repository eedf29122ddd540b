//===- memory.h - Buffers, and the allocation of any pointer ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An allocation is one VkBuffer with its own VkDeviceMemory, usable by
// address from kernels (bufferDeviceAddress) and by copies and fills. Device
// memory is known to the program by its buffer device address, which is
// what kernels dereference; host_shared memory is host-visible and coherent,
// mapped for good, and known by its mapping, which the host reads and
// writes (a launch passes its device address to the kernel). Copies and
// fills take pointers into either, anywhere inside an allocation: the table
// finds the buffer and offset of any interior pointer, by device-address
// range first, then by host-mapping range.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_MEMORY_H
#define OFFLOAD_RUNTIME_VULKAN_MEMORY_H

#include "offload_runtime/status.h"
#include "offload_runtime/vulkan/device.h"

#include <map>
#include <optional>
#include <shared_mutex>

namespace mgpu::vulkan {

struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceAddress address = 0;
  /// The host mapping of host-visible memory, else null.
  char *mapped = nullptr;
  uint64_t bytes = 0;
};

/// A buffer of `bytes` (not 0): host-visible, coherent and mapped if
/// `hostVisible`, else in device-local memory where the device has it.
StatusOr<Buffer> CreateBuffer(Device &device, uint64_t bytes, bool hostVisible);
void DestroyBuffer(Device &device, const Buffer &buffer);

/// Where a pointer lies: in `buffer`, at `offset`.
struct Place {
  Buffer buffer;
  uint64_t offset;
};

class AllocationTable {
public:
  static AllocationTable &Get();

  /// Records what mgpuMemAlloc returns: the address of device memory, the
  /// mapping of host_shared memory.
  void Add(const Buffer &buffer, bool hostShared);
  /// Forgets the allocation mgpuMemAlloc returned as `ptr`, or says that
  /// there is none.
  StatusOr<Buffer> Remove(void *ptr);
  /// The allocation [ptr, ptr + bytes) lies in, nothing if it lies in none
  /// (plain host memory), or an error if it runs past the allocation's end
  /// (the copy's or fill's `what`).
  StatusOr<std::optional<Place>> Find(const void *ptr, uint64_t bytes,
                                      const char *what);
  /// The device address of a pointer into host_shared memory's mapping, for
  /// a kernel's pointer argument; `value` itself otherwise.
  uint64_t DeviceAddressOf(uint64_t value);

private:
  using Ranges = std::map<uint64_t, Buffer>;
  static const Buffer *Holding(const Ranges &ranges, uint64_t value);

  std::shared_mutex mutex;
  /// Start -> buffer, by device address and by host mapping.
  Ranges byAddress, byMapping;
};

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_MEMORY_H
