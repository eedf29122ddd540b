//===- host_memory.cc - Memory on the host backend ------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/host_memory.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace mgpu::host {

HostMemory &HostMemory::Get() {
  // Never destroyed: memory may be freed from global destructors.
  static HostMemory *memory = new HostMemory;
  return *memory;
}

namespace {

/// The size of a transparent huge page (2 MiB on x86-64), or 0 where the
/// kernel has none.
size_t HugePageBytes() {
  static const size_t bytes = [] {
    unsigned long long value = 0;
    if (FILE *file = std::fopen(
            "/sys/kernel/mm/transparent_hugepage/hpage_pmd_size", "r")) {
      if (std::fscanf(file, "%llu", &value) != 1 || (value & (value - 1)) != 0)
        value = 0;
      std::fclose(file);
    }
    return static_cast<size_t>(value);
  }();
  return bytes;
}

/// `bytes` mapped from a boundary of `huge` (a huge page's size) and marked
/// for huge pages, which the kernel gives where it can: a kernel that walks
/// a buffer of many megabytes then takes a TLB miss every 2 MiB rather than
/// every 4 KiB, each a walk of the guest's and the host's page tables in a
/// virtual machine (a GPU driver maps its memory in large pages too).
/// `*mapped` is the
/// length to unmap; null where mmap fails.
void *MapHugePages(uint64_t bytes, size_t huge, size_t *mapped) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  if (bytes > SIZE_MAX - huge - page)
    return nullptr;
  const size_t length = (bytes + page - 1) / page * page;
  const size_t reserved = length + huge;
  void *raw = mmap(nullptr, reserved, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED)
    return nullptr;
  const auto first = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t start = (first + huge - 1) & ~uintptr_t(huge - 1);
  if (start > first)
    munmap(raw, start - first);
  if (first + reserved > start + length)
    munmap(reinterpret_cast<void *>(start + length),
           first + reserved - (start + length));
  // Only advice: without it the memory is the same, in small pages.
  madvise(reinterpret_cast<void *>(start), length, MADV_HUGEPAGE);
  *mapped = length;
  return reinterpret_cast<void *>(start);
}

} // namespace

StatusOr<void *> HostMemory::Allocate(uint64_t bytes) {
  constexpr size_t kAlignment = 256;
  void *ptr = nullptr;
  size_t mapped = 0;
  const size_t huge = HugePageBytes();
  bool failed;
  if (huge && bytes >= huge)
    failed = !(ptr = MapHugePages(bytes, huge, &mapped));
  else
    failed = posix_memalign(&ptr, kAlignment, bytes) != 0 || !ptr;
  if (failed)
    return RuntimeError(MGPU_ERROR_OUT_OF_MEMORY,
                        StrCat("cannot allocate ", bytes,
                               " bytes of host memory; free memory or use "
                               "less of it"));
  auto start = reinterpret_cast<uintptr_t>(ptr);
  std::unique_lock<std::shared_mutex> lock(mutex);
  ranges[start] = {start + bytes, Kind::kAllocated, mapped};
  return ptr;
}

Status HostMemory::Free(void *ptr) {
  std::unique_lock<std::shared_mutex> lock(mutex);
  auto it = ranges.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == ranges.end() || it->second.kind != Kind::kAllocated)
    return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                        StrCat("cannot free ", ptr,
                               ": it is not memory from mgpuMemAlloc, or was "
                               "freed already"));
  const size_t mapped = it->second.mapped;
  ranges.erase(it);
  lock.unlock();
  if (mapped)
    munmap(ptr, mapped);
  else
    std::free(ptr);
  return OkStatus();
}

Status HostMemory::Register(void *ptr, uint64_t bytes) {
  auto start = reinterpret_cast<uintptr_t>(ptr);
  uintptr_t end = start + bytes;
  std::unique_lock<std::shared_mutex> lock(mutex);
  auto next = ranges.lower_bound(start);
  bool overlapsNext = next != ranges.end() && next->first < end;
  bool overlapsPrevious =
      next != ranges.begin() && std::prev(next)->second.end > start;
  if (overlapsNext || overlapsPrevious)
    return RuntimeError(MGPU_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
                        StrCat(bytes, " bytes at ", ptr,
                               " overlap memory that is registered or "
                               "allocated already"));
  ranges[start] = {end, Kind::kRegistered, 0};
  return OkStatus();
}

Status HostMemory::Unregister(void *ptr) {
  std::unique_lock<std::shared_mutex> lock(mutex);
  auto it = ranges.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == ranges.end() || it->second.kind != Kind::kRegistered)
    return RuntimeError(MGPU_ERROR_HOST_MEMORY_NOT_REGISTERED,
                        StrCat(ptr, " is not the start of registered memory"));
  ranges.erase(it);
  return OkStatus();
}

Status HostMemory::CheckRegistered(const void *ptr) {
  auto start = reinterpret_cast<uintptr_t>(ptr);
  std::shared_lock<std::shared_mutex> lock(mutex);
  auto next = ranges.upper_bound(start);
  if (next != ranges.begin()) {
    auto holding = std::prev(next);
    if (start < holding->second.end &&
        holding->second.kind == Kind::kRegistered)
      return OkStatus();
  }
  return RuntimeError(
      MGPU_ERROR_INVALID_VALUE,
      StrCat(ptr, " is not in registered host memory (mgpuMemHostRegister)"));
}

StatusOr<bool> HostMemory::Classify(const void *ptr, size_t bytes,
                                    const char *what) {
  auto start = reinterpret_cast<uintptr_t>(ptr);
  uintptr_t end = start + bytes;
  std::shared_lock<std::shared_mutex> lock(mutex);
  auto next = ranges.upper_bound(start);
  if (next != ranges.begin()) {
    auto holding = std::prev(next);
    if (start < holding->second.end) {
      if (end <= holding->second.end)
        return true;
      return RuntimeError(
          MGPU_ERROR_INVALID_VALUE,
          StrCat("the ", what, " of ", bytes, " bytes at ", ptr,
                 " runs past the end of its ",
                 holding->second.kind == Kind::kAllocated ? "allocation"
                                                          : "registration",
                 ", ", holding->second.end - start, " bytes from there"));
    }
  }
  if (next != ranges.end() && next->first < end)
    return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                        StrCat("the ", what, " of ", bytes, " bytes at ", ptr,
                               " reaches into device memory at ",
                               reinterpret_cast<const void *>(next->first),
                               " from memory that is not"));
  return false;
}

} // namespace mgpu::host
