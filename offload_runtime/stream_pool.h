//===- stream_pool.h - A backend's streams, reused --------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Upstream's lowering creates and destroys a stream around every synchronous
// launch, so a backend whose streams are its own objects hands them out from
// a pool: destroying one gives it back, and creating one takes an idle one
// before it makes another. Streams are never freed, so a handle that is not
// handed out is an error rather than a use after free.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_STREAM_POOL_H
#define OFFLOAD_RUNTIME_STREAM_POOL_H

#include "offload_runtime/backend.h"
#include "offload_runtime/status.h"

#include <mutex>
#include <unordered_map>
#include <vector>

namespace mgpu {

template <typename Stream> class StreamPool {
public:
  /// An idle stream, or a new one from `create()` (a StatusOr<Stream *>).
  template <typename Create> StatusOr<Stream *> Acquire(Create create) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!idle.empty()) {
        Stream *stream = idle.back();
        idle.pop_back();
        handedOut[stream] = true;
        return stream;
      }
    }
    MGPU_ASSIGN_OR_RETURN(Stream * stream, create());
    std::lock_guard<std::mutex> lock(mutex);
    handedOut[stream] = true;
    all.push_back(stream);
    return stream;
  }

  /// Takes `stream` back, or says that it is not handed out.
  Status Release(Stream *stream) {
    std::lock_guard<std::mutex> lock(mutex);
    MGPU_RETURN_IF_ERROR(CheckLocked(stream));
    handedOut[stream] = false;
    idle.push_back(stream);
    return OkStatus();
  }

  /// OK if `stream` is handed out, else why it is not a stream to use.
  Status Check(Stream *stream) {
    std::lock_guard<std::mutex> lock(mutex);
    return CheckLocked(stream);
  }

  /// The streams handed out.
  std::vector<Stream *> Live() {
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<Stream *> live;
    for (Stream *stream : all)
      if (handedOut[stream])
        live.push_back(stream);
    return live;
  }

  /// Every stream, idle ones too.
  std::vector<Stream *> All() {
    std::lock_guard<std::mutex> lock(mutex);
    return all;
  }

private:
  Status CheckLocked(Stream *stream) {
    auto it = handedOut.find(stream);
    if (it == handedOut.end() || !it->second)
      return RuntimeError(
          MGPU_ERROR_INVALID_HANDLE,
          StrCat("the stream ", static_cast<const void *>(stream),
                 " is not a live stream of this runtime (destroyed already, "
                 "or never created by mgpuStreamCreate)"));
    return OkStatus();
  }

  std::mutex mutex;
  /// Stream -> whether it is handed out.
  std::unordered_map<Stream *, bool> handedOut;
  std::vector<Stream *> idle, all;
};

/// The calling thread's own stream, the one a null stream names: from
/// `acquire()` (a StatusOr<Stream *>) at the thread's first use, given back
/// with `release` when the thread ends. Not in a child of fork(): the
/// stream is the parent's thread's, and what would run its work to the end
/// (the parent's threads) is not there.
template <typename Stream, typename Acquire>
StatusOr<Stream *> GetThreadStream(Acquire acquire,
                                   Status (*release)(Stream *)) {
  struct Owned {
    Stream *stream = nullptr;
    Status (*release)(Stream *) = nullptr;
    ~Owned() {
      if (stream && !InForkedChild())
        (void)release(stream);
    }
  };
  thread_local Owned owned;
  if (!owned.stream) {
    MGPU_ASSIGN_OR_RETURN(owned.stream, acquire());
    owned.release = release;
  }
  return owned.stream;
}

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_STREAM_POOL_H
