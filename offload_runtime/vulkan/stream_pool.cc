//===- stream_pool.cc - The streams of the Vulkan backend -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/stream_pool.h"

#include "offload_runtime/backend.h"
#include "offload_runtime/stream_pool.h"

#include <vector>

namespace mgpu::vulkan {
namespace {

StreamPool<Stream> &GetPool() {
  // Never destroyed: threads may give streams back during exit.
  static auto *pool = new StreamPool<Stream>;
  return *pool;
}

} // namespace

StatusOr<Stream *> AcquireStream(Device &device) {
  return GetPool().Acquire([&] { return Stream::Create(device); });
}

Status ReleaseStream(Stream *stream) {
  MGPU_RETURN_IF_ERROR(GetPool().Check(stream));
  // Its copies into host memory land before anyone can reuse it.
  Status synchronized = stream->Synchronize();
  MGPU_RETURN_IF_ERROR(GetPool().Release(stream));
  return synchronized;
}

StatusOr<Stream *> ResolveStream(Device &device, MgpuStream stream) {
  if (stream) {
    auto *ours = reinterpret_cast<Stream *>(stream);
    MGPU_RETURN_IF_ERROR(GetPool().Check(ours));
    return ours;
  }
  return GetThreadStream([&] { return AcquireStream(device); }, &ReleaseStream);
}

Status SynchronizeAllStreams() {
  for (Stream *stream : GetPool().Live())
    MGPU_RETURN_IF_ERROR(stream->Synchronize());
  return OkStatus();
}

Status RetireAllStreams() {
  for (Stream *stream : GetPool().Live())
    MGPU_RETURN_IF_ERROR(stream->Retire());
  return OkStatus();
}

} // namespace mgpu::vulkan
