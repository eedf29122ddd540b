//===- mapped_memory.cc - Whether host memory is mapped -------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/mapped_memory.h"

#include <cerrno>

#include <sys/mman.h>
#include <unistd.h>

namespace mgpu {

bool IsMapped(const void *ptr, uint64_t bytes) {
  // msync looks the pages up, and does nothing else with MS_ASYNC.
  static const uintptr_t pageBytes = uintptr_t(sysconf(_SC_PAGESIZE));
  const auto start = reinterpret_cast<uintptr_t>(ptr);
  const uintptr_t firstPage = start & ~(pageBytes - 1);
  return !(msync(reinterpret_cast<void *>(firstPage), start + bytes - firstPage,
                 MS_ASYNC) != 0 &&
           errno == ENOMEM);
}

} // namespace mgpu
