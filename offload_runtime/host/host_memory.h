//===- host_memory.h - Memory on the host backend ---------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// "Device" memory is host memory that the runtime allocated, or that was
// registered (pinned). As on a GPU, stream-ordered copies
// and fills of such memory run on the stream, after the work before them;
// those that touch other (pageable) memory first wait for the stream and then
// happen before the call returns, so that the caller may reuse its buffer.
// Freeing waits for every stream, as cuMemFree does.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_HOST_MEMORY_H
#define OFFLOAD_RUNTIME_HOST_HOST_MEMORY_H

#include "offload_runtime/status.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <shared_mutex>

namespace mgpu::host {

class HostMemory {
public:
  static HostMemory &Get();

  /// `bytes` of memory aligned to 256 bytes, as cuMemAlloc's; from a huge
  /// page's boundary, marked for huge pages, when it is a huge page or
  /// more.
  StatusOr<void *> Allocate(uint64_t bytes);
  /// Frees what Allocate returned; anything else is an error.
  Status Free(void *ptr);
  /// Ranges here do not wrap around the address space, and registered ones
  /// are mapped memory (the entry points check).
  Status Register(void *ptr, uint64_t bytes);
  Status Unregister(void *ptr);
  /// OK where `ptr` is in registered memory.
  Status CheckRegistered(const void *ptr);
  /// Whether [ptr, ptr + bytes), which a copy or fill (`what`) touches, is
  /// allocated or registered memory (true) or other memory (false). A range
  /// that is partly one and partly the other, or runs past the end of its
  /// allocation, is an error.
  StatusOr<bool> Classify(const void *ptr, size_t bytes, const char *what);

private:
  enum class Kind { kAllocated, kRegistered };
  struct Range {
    uintptr_t end;
    Kind kind;
  };
  std::shared_mutex mutex;
  /// Start -> range; ranges never overlap.
  std::map<uintptr_t, Range> ranges;
};

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_HOST_MEMORY_H
