//===- stream_pool.cc - Reusable HIP streams ------------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/hip/stream_pool.h"

#include "offload_runtime/backend.h"
#include "offload_runtime/hip/hip_error.h"

#include <mutex>
#include <unordered_map>
#include <vector>

namespace mgpu::hip {
namespace {

class StreamPool {
public:
  /// An idle stream of device `ordinal`, or null.
  hipStream_t TakeIdle(int ordinal) {
    std::lock_guard<std::mutex> lock(mutex);
    if (ordinal >= static_cast<int>(idle.size()) || idle[ordinal].empty())
      return nullptr;
    hipStream_t stream = idle[ordinal].back();
    idle[ordinal].pop_back();
    busy[stream] = ordinal;
    return stream;
  }

  void AddBusy(hipStream_t stream, int ordinal) {
    std::lock_guard<std::mutex> lock(mutex);
    busy[stream] = ordinal;
  }

  /// Whether `stream` was handed out and is now idle again; else whether it
  /// was already idle (a second destroy) in `wasIdle`.
  bool GiveBack(hipStream_t stream, bool &wasIdle) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = busy.find(stream);
    wasIdle = false;
    if (it == busy.end()) {
      for (const std::vector<hipStream_t> &streams : idle)
        for (hipStream_t held : streams)
          wasIdle |= held == stream;
      return false;
    }
    if (it->second >= static_cast<int>(idle.size()))
      idle.resize(it->second + 1);
    idle[it->second].push_back(stream);
    busy.erase(it);
    return true;
  }

private:
  std::mutex mutex;
  /// Handed out: stream -> its device.
  std::unordered_map<hipStream_t, int> busy;
  /// Idle streams per device.
  std::vector<std::vector<hipStream_t>> idle;
};

StreamPool &GetPool() {
  // Never destroyed: threads may give streams back during exit.
  static StreamPool *pool = new StreamPool;
  return *pool;
}

/// The streams a thread owns, by device, back to the pool when it ends.
struct ThreadStreams {
  std::vector<hipStream_t> byDevice;
  ~ThreadStreams() {
    // In a forked child, the parent's streams and pool.
    if (InForkedChild())
      return;
    for (hipStream_t stream : byDevice)
      if (stream)
        (void)ReleaseStream(stream);
  }
};
thread_local ThreadStreams threadStreams;

} // namespace

StatusOr<hipStream_t> AcquireStream(Device &device) {
  if (hipStream_t stream = GetPool().TakeIdle(device.ordinal))
    return stream;
  // Callers pass the calling thread's device.
  DeviceScope scope;
  MGPU_RETURN_IF_ERROR(scope.Enter());
  hipStream_t stream = nullptr;
  MGPU_RETURN_IF_HIP_ERROR(*device.runtime, hipStreamCreateWithFlags, &stream,
                           hipStreamNonBlocking);
  GetPool().AddBusy(stream, device.ordinal);
  return stream;
}

Status ReleaseStream(hipStream_t stream) {
  bool wasIdle = false;
  if (GetPool().GiveBack(stream, wasIdle))
    return OkStatus();
  if (wasIdle)
    return RuntimeError(MGPU_ERROR_INVALID_HANDLE,
                        "the stream was already destroyed");
  DeviceScope scope;
  MGPU_RETURN_IF_ERROR(scope.Enter());
  MGPU_RETURN_IF_HIP_ERROR(*scope.device().runtime, hipStreamDestroy, stream);
  return OkStatus();
}

StatusOr<hipStream_t> ResolveStream(Device &device, hipStream_t stream) {
  if (stream)
    return stream;
  std::vector<hipStream_t> &streams = threadStreams.byDevice;
  if (device.ordinal >= static_cast<int>(streams.size()))
    streams.resize(device.ordinal + 1, nullptr);
  if (!streams[device.ordinal]) {
    MGPU_ASSIGN_OR_RETURN(hipStream_t own, AcquireStream(device));
    streams[device.ordinal] = own;
  }
  return streams[device.ordinal];
}

} // namespace mgpu::hip
