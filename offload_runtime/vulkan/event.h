//===- event.h - Points in a stream that others wait for --------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An event is a timeline semaphore. Recording it on a stream submits the
// stream's work so far with a signal of the event's next value; a stream
// that waits for it makes its next submission wait for that value (already
// on the queue, so never a wait before its signal, which one queue could not
// get past); the host waits for it on the semaphore. As the ABI's events do,
// a wait is for the last recording made before it, and an event never
// recorded is complete.
//
// A value is the event's only once its signal is on the queue, so that no
// wait, on the device or the host, is for a signal never submitted. As
// cuEventDestroy, destroying an event does not wait for its recording: the
// semaphore lives on with the submissions, and the waits not yet submitted,
// that refer to it (TimelineSemaphore).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_EVENT_H
#define OFFLOAD_RUNTIME_VULKAN_EVENT_H

#include "mgpu/mgpu.h"

#include "offload_runtime/status.h"
#include "offload_runtime/vulkan/stream.h"

#include <memory>
#include <mutex>
#include <unordered_map>

namespace mgpu::vulkan {

class Event {
public:
  static StatusOr<std::shared_ptr<Event>> Create(Device &device);

  Status Record(Stream &stream);
  Status MakeWait(Stream &stream);
  /// Waits on the host for the last recording.
  Status Synchronize();

private:
  Event(Device &device, SemaphoreRef semaphore)
      : device(device), semaphore(std::move(semaphore)),
        unrecorded(this->semaphore->last()), recorded(unrecorded) {}
  std::pair<uint64_t, Stream *> Last();

  Device &device;
  const SemaphoreRef semaphore;
  /// The semaphore's value when the event was made, which no recording of
  /// it has reached: a semaphore serves one event after another.
  const uint64_t unrecorded;
  /// Held while a recording is submitted: values reach the queue in order.
  std::mutex mutex;
  /// The value of the last recording, on the queue.
  uint64_t recorded = 0;
  Stream *recordedOn = nullptr;
};

/// The events created and not yet destroyed: a handle used after its
/// destruction is an error, not a use after free, and a call still using an
/// event that another thread destroys keeps it until it returns.
class LiveEvents {
public:
  StatusOr<MgpuEvent> Create(Device &device);
  Status Destroy(MgpuEvent event);
  StatusOr<std::shared_ptr<Event>> Get(MgpuEvent event);

private:
  std::mutex mutex;
  std::unordered_map<Event *, std::shared_ptr<Event>> live;
};

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_EVENT_H
