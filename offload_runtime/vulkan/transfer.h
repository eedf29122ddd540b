//===- transfer.h - Copies and fills on a stream ----------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Copies and fills are commands of the stream, in its order. Between
// allocations a copy is vkCmdCopyBuffer. Plain host memory goes through a
// host-visible staging buffer: a copy from it reads it at the call (once the
// copies that the streams have yet to write into it have landed), a copy
// into it lands when the runtime sees the stream done with the copy (its
// synchronization, or an event's recorded after it): the user's memory is
// never written before the stream gets there, and never left unwritten. A
// fill is vkCmdFillBuffer where it is 4-byte aligned, else written from a
// staging buffer.
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
