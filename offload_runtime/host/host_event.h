//===- host_event.h - Points in a stream that others wait for ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// As the ABI's events: recording captures the work queued on a stream so far,
// and completes when the stream gets there; a wait (from a thread or another
// stream) waits for the last recording made before it. An event never
// recorded is complete.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_HOST_EVENT_H
#define OFFLOAD_RUNTIME_HOST_HOST_EVENT_H

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace mgpu::host {

class HostEvent {
public:
  /// A new recording; its number completes when Complete() is called with it.
  uint64_t Record();
  /// The last recording made so far (0 if none).
  uint64_t LastRecorded();
  void Complete(uint64_t recording);
  /// Waits until `recording` (and every earlier one) is complete.
  void WaitFor(uint64_t recording);

private:
  std::mutex mutex;
  std::condition_variable completed;
  uint64_t recorded = 0;
  uint64_t completedUpTo = 0;
};

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_HOST_EVENT_H
