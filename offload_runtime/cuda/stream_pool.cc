//===- stream_pool.cc - Reusable streams ----------------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/stream_pool.h"

#include "offload_runtime/backend.h"
#include "offload_runtime/cuda/cuda_error.h"

#include <unordered_map>

#include <mutex>
#include <vector>

namespace mgpu {
namespace {

class StreamPool {
public:
  StatusOr<CUstream> Acquire(Device &device) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      std::vector<CUstream> &idle = idleByDevice[device.ordinal];
      if (!idle.empty()) {
        CUstream stream = idle.back();
        idle.pop_back();
        owner[stream].idle = false;
        return stream;
      }
    }
    // Callers pass the calling thread's device.
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    CUstream stream = nullptr;
    MGPU_RETURN_IF_CUDA_ERROR(*device.driver, cuStreamCreate, &stream,
                              CU_STREAM_NON_BLOCKING);
    std::lock_guard<std::mutex> lock(mutex);
    owner[stream] = {&device, /*idle=*/false};
    return stream;
  }

  enum class Released { kBack, kNotOurs, kAlreadyIdle };

  Released Release(CUstream stream) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = owner.find(stream);
    if (it == owner.end())
      return Released::kNotOurs;
    if (it->second.idle)
      return Released::kAlreadyIdle;
    it->second.idle = true;
    idleByDevice[it->second.device->ordinal].push_back(stream);
    return Released::kBack;
  }

private:
  struct Owner {
    Device *device;
    bool idle;
  };
  std::mutex mutex;
  std::unordered_map<CUstream, Owner> owner;
  std::unordered_map<int, std::vector<CUstream>> idleByDevice;
};

StreamPool &GetPool() {
  // Never destroyed: threads may give streams back during exit.
  static StreamPool *pool = new StreamPool;
  return *pool;
}

/// The streams a thread owns, one per device, back to the pool when the
/// thread ends. The one of the thread's device is also kept at hand in the
/// thread's ThreadDevice, for the launch path.
struct ThreadStreams {
  std::unordered_map<int, CUstream> byDevice;
  ~ThreadStreams() {
    // A call during the thread's later destructors must not use a stream
    // that another thread may have taken from the pool by then.
    CurrentThreadDevice().cache.stream = nullptr;
    // In a forked child, the parent's streams and pool.
    if (InForkedChild())
      return;
    for (auto &[ordinal, stream] : byDevice)
      GetPool().Release(stream);
  }
};
thread_local ThreadStreams threadStreams;

} // namespace

StatusOr<CUstream> AcquireStream(Device &device) {
  return GetPool().Acquire(device);
}

Status ReleaseStream(CUstream stream) {
  switch (GetPool().Release(stream)) {
  case StreamPool::Released::kBack:
    return OkStatus();
  case StreamPool::Released::kAlreadyIdle:
    return RuntimeError(MGPU_ERROR_INVALID_HANDLE,
                        "the stream was already destroyed");
  case StreamPool::Released::kNotOurs:
    break;
  }
  MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
  MGPU_RETURN_IF_CUDA_ERROR(*scope.device().driver, cuStreamDestroy, stream);
  return OkStatus();
}

StatusOr<CUstream> GetThreadStream(Device &device) {
  ThreadDevice &thread = CurrentThreadDevice();
  if (thread.cache.device == &device && thread.cache.stream)
    return static_cast<CUstream>(thread.cache.stream);
  ThreadStreams &streams = threadStreams;
  auto it = streams.byDevice.find(device.ordinal);
  if (it == streams.byDevice.end()) {
    StatusOr<CUstream> stream = AcquireStream(device);
    if (!stream.ok())
      return stream;
    it = streams.byDevice.emplace(device.ordinal, *stream).first;
  }
  if (thread.cache.device == &device)
    thread.cache.stream = it->second;
  return it->second;
}

} // namespace mgpu
