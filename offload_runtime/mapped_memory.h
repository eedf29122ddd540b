//===- mapped_memory.h - Whether host memory is mapped ----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A backend whose device reaches host memory by its pages (a registration, a
// launch's import of a memref's memory) faults in a kernel, or lets a driver
// on the CPU write anywhere, where a page is not mapped: the memory is checked
// before a device is given it.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_MAPPED_MEMORY_H
#define OFFLOAD_RUNTIME_MAPPED_MEMORY_H

#include <cstdint>

namespace mgpu {

/// Whether every page of the `bytes` at `ptr` is mapped; [ptr, ptr + bytes)
/// does not wrap.
bool IsMapped(const void *ptr, uint64_t bytes);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_MAPPED_MEMORY_H
