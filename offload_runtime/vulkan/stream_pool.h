//===- stream_pool.h - The streams of the Vulkan backend --------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// As in the other backends, streams come from a pool (upstream's lowering
// creates and destroys one around every synchronous launch), each thread
// has its own stream for null, and a handle that is not a live stream is an
// error rather than a use after free. Destroying a stream waits for its work
// (so that its copies into host memory land), then gives it back.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_STREAM_POOL_H
#define OFFLOAD_RUNTIME_VULKAN_STREAM_POOL_H

#include "mgpu/mgpu.h"

#include "offload_runtime/status.h"
#include "offload_runtime/vulkan/stream.h"

namespace mgpu::vulkan {

StatusOr<Stream *> AcquireStream(Device &device);
Status ReleaseStream(Stream *stream);
/// `stream`, checked, or the calling thread's own when null.
StatusOr<Stream *> ResolveStream(Device &device, MgpuStream stream);
/// Waits for the work of every stream so far, as cuMemFree and module
/// unloads do.
Status SynchronizeAllStreams();
/// Finishes the batches of every stream that the device is done with,
/// without waiting (Stream::Retire): for the trace, which gets a stream's
/// commands then.
Status RetireAllStreams();

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_STREAM_POOL_H
