//===- transfer.h - Copies and fills on a stream ----------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Copies and fills are commands of the stream, in its order. Between
// allocations a copy is vkCmdCopyBuffer. Plain (pageable) host memory goes
// through a host-visible staging buffer, as a GPU driver's copies of pageable
// memory do: a copy from it reads it at the call, a copy into it waits for
// the stream to get there and returns once it is written: the memory may be
// a stack frame that is gone by the next synchronization, and a later copy
// into it, ordered after this one by an event on another stream, must land
// last. A fill is vkCmdFillBuffer where it is 4-byte aligned, else written
// from a staging buffer.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_TRANSFER_H
#define OFFLOAD_RUNTIME_VULKAN_TRANSFER_H

#include "offload_runtime/status.h"
#include "offload_runtime/vulkan/stream.h"

namespace mgpu::vulkan {

Status Copy(Device &device, Stream &stream, void *dst, const void *src,
            size_t bytes);

/// Sets `count` elements of `elementBytes` (2 or 4) bytes at `dst`, which
/// must be allocated memory, to `value`.
Status Fill(Device &device, Stream &stream, void *dst, uint32_t value,
            size_t count, int elementBytes);

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_TRANSFER_H
