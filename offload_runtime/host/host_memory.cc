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

} // namespace

StatusOr<void *> HostMemory::Allocate(uint64_t bytes) {
  constexpr size_t kAlignment = 256;
  const size_t huge = HugePageBytes();
  const bool large = huge && bytes >= huge;
  void *ptr = nullptr;
  if (posix_memalign(&ptr, large ? huge : kAlignment, bytes) != 0 || !ptr)
    return RuntimeError(MGPU_ERROR_OUT_OF_MEMORY,
                        StrCat("cannot allocate ", bytes,
                               " bytes of host memory; free memory or use "
                               "less of it"));
  if (large) {
    // A kernel that walks a buffer of many megabytes then takes a TLB miss
    // every huge page rather than every 4 KiB, each a walk of the guest's
    // and the host's page tables in a virtual machine (a GPU driver maps
    // its memory in large pages too). Only advice: the kernel gives huge
    // pages where it can, and without them the memory is the same. (The C
    // heap's memory is mapped in whole pages: so is the last byte's.)
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    madvise(ptr, (bytes + page - 1) / page * page, MADV_HUGEPAGE);
  }
  auto start = reinterpret_cast<uintptr_t>(ptr);
  std::unique_lock<std::shared_mutex> lock(mutex);
  ranges[start] = {start + bytes, Kind::kAllocated};
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
  ranges.erase(it);
  lock.unlock();
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
  ranges[start] = {end, Kind::kRegistered};
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
