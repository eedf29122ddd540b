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
// writes (a launch passes its device address to the kernel). Registered
// host memory (mgpuMemHostRegister) is the program's own, known by its
// address: the pages that hold it are imported (VK_EXT_external_memory_host)
// as the memory of a buffer of their own, host-visible and coherent, whose
// device address a launch passes for a pointer into those pages. Copies
// and fills take pointers into any of these, anywhere inside: the table
// finds the buffer and offset of any interior pointer, by device-address
// range first, then by host-mapping range, then by registered range.
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
  /// The host's address of its first byte: the mapping of host-visible
  /// memory, the first page of imported host memory; else null.
  char *mapped = nullptr;
  uint64_t bytes = 0;
};

/// A buffer of `bytes` (not 0): host-visible, coherent and mapped if
/// `hostVisible`, else in device-local memory where the device has it.
StatusOr<Buffer> CreateBuffer(Device &device, uint64_t bytes, bool hostVisible);
/// A buffer over the host memory of the pages that hold [ptr, ptr + bytes)
/// (of the device's hostImportAlignment, which is not 0), imported: its
/// `mapped` is the first page, its `bytes` those of the pages.
StatusOr<Buffer> ImportHostMemory(Device &device, void *ptr, uint64_t bytes);
/// Frees the buffer's memory: unmaps it, or ends its import.
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
  /// Records registered host memory [ptr, ptr + bytes), which `imported`
  /// holds (ImportHostMemory), or says that it overlaps memory of the table
  /// (CheckRegistrable).
  Status AddRegistration(void *ptr, uint64_t bytes, const Buffer &imported);
  /// OK where [ptr, ptr + bytes) overlaps no allocation and no registration,
  /// the answer of AddRegistration before the import that it needs.
  Status CheckRegistrable(const void *ptr, uint64_t bytes);
  /// Forgets the registration that starts at `ptr`, and gives its import,
  /// or says that there is none.
  StatusOr<Buffer> RemoveRegistration(void *ptr);
  /// Whether `ptr` lies in registered host memory.
  bool IsRegistered(const void *ptr);
  /// The allocation or registration [ptr, ptr + bytes) lies in, nothing if
  /// it lies in none (plain host memory), or an error if it runs past its
  /// end (the copy's or fill's `what`).
  StatusOr<std::optional<Place>> Find(const void *ptr, uint64_t bytes,
                                      const char *what);
  /// What a kernel's pointer argument `value` is on the device: a device
  /// address of an allocation, or of imported host memory for a pointer into
  /// host_shared memory's mapping or the pages of a registration; a pointer
  /// just past the end of one of them is the address just past the end.
  /// Null is null; anything else is memory the device does not reach:
  /// nothing.
  std::optional<uint64_t> DeviceAddressOf(uint64_t value);

private:
  struct Range {
    Buffer buffer;
    /// The bytes from the range's start (its key): the buffer's, or the
    /// registration's.
    uint64_t bytes;
  };
  using Ranges = std::map<uint64_t, Range>;
  /// The start and range of `ranges` that holds `value`, or that ends at it
  /// where `orEnd`; else null.
  static const Ranges::value_type *Holding(const Ranges &ranges, uint64_t value,
                                           bool orEnd = false);
  /// Whether [start, end) overlaps a range of `ranges`.
  static bool Overlaps(const Ranges &ranges, uint64_t start, uint64_t end);
  /// The registration whose imported pages hold `value`, or end at it
  /// where `orEnd`; else null.
  const Range *ImportHolding(uint64_t value, bool orEnd) const;
  Status CheckRegistrableLocked(const void *ptr, uint64_t bytes) const;

  std::shared_mutex mutex;
  /// Start -> range, by device address, by host mapping, and the
  /// registrations by the host address the program registered. Ranges of
  /// one map never overlap; registrations overlap no other range, but
  /// their imports may share a page.
  Ranges byAddress, byMapping, registrations;
};

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_MEMORY_H
