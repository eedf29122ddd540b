//===- stream_pool.cc - The streams of the Vulkan backend -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/stream_pool.h"

#include "offload_runtime/backend.h"

#include <mutex>
#include <unordered_map>
#include <vector>

namespace mgpu::vulkan {
namespace {

class StreamPool {
public:
  StatusOr<Stream *> Acquire(Device &device) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!idle.empty()) {
        Stream *stream = idle.back();
        idle.pop_back();
        handedOut[stream] = true;
        return stream;
      }
    }
    MGPU_ASSIGN_OR_RETURN(Stream * stream, Stream::Create(device));
    std::lock_guard<std::mutex> lock(mutex);
    handedOut[stream] = true;
    return stream;
  }

  Status Release(Stream *stream) {
    MGPU_RETURN_IF_ERROR(Check(stream));
    // Its copies into host memory land before anyone can reuse it.
    Status synchronized = stream->Synchronize();
    std::lock_guard<std::mutex> lock(mutex);
    handedOut[stream] = false;
    idle.push_back(stream);
    return synchronized;
  }

  Status Check(Stream *stream) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = handedOut.find(stream);
    if (it == handedOut.end() || !it->second)
      return RuntimeError(
          MGPU_ERROR_INVALID_HANDLE,
          StrCat("the stream ", static_cast<const void *>(stream),
                 " is not a live stream of this runtime (destroyed already, "
                 "or never created by mgpuStreamCreate)"));
    return OkStatus();
  }

  /// Every stream handed out, for work on all of them.
  std::vector<Stream *> Live() {
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<Stream *> live;
    for (auto &[stream, out] : handedOut)
      if (out)
        live.push_back(stream);
    return live;
  }

private:
  std::mutex mutex;
  /// Stream -> whether it is handed out; streams are never destroyed.
  std::unordered_map<Stream *, bool> handedOut;
  std::vector<Stream *> idle;
};

StreamPool &GetPool() {
  // Never destroyed: threads may give streams back during exit.
  static StreamPool *pool = new StreamPool;
  return *pool;
}

/// The calling thread's stream, back to the pool when the thread ends.
struct ThreadStream {
  Stream *stream = nullptr;
  ~ThreadStream() {
    // In a forked child, the parent's: the driver's threads that would run
    // its work to the end are not there.
    if (stream && !InForkedChild())
      (void)GetPool().Release(stream);
  }
};
thread_local ThreadStream threadStream;

} // namespace

StatusOr<Stream *> AcquireStream(Device &device) {
  return GetPool().Acquire(device);
}

Status ReleaseStream(Stream *stream) { return GetPool().Release(stream); }

StatusOr<Stream *> ResolveStream(Device &device, MgpuStream stream) {
  if (stream) {
    auto *ours = reinterpret_cast<Stream *>(stream);
    MGPU_RETURN_IF_ERROR(GetPool().Check(ours));
    return ours;
  }
  ThreadStream &own = threadStream;
  if (!own.stream) {
    MGPU_ASSIGN_OR_RETURN(own.stream, AcquireStream(device));
  }
  return own.stream;
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
