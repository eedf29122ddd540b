//===- host_event.cc - Points in a stream that others wait for ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/host_event.h"

#include <algorithm>

namespace mgpu::host {

uint64_t HostEvent::Record() {
  std::lock_guard<std::mutex> lock(mutex);
  return ++recorded;
}

uint64_t HostEvent::LastRecorded() {
  std::lock_guard<std::mutex> lock(mutex);
  return recorded;
}

void HostEvent::Complete(uint64_t recording) {
  std::lock_guard<std::mutex> lock(mutex);
  completedUpTo = std::max(completedUpTo, recording);
  completed.notify_all();
}

void HostEvent::WaitFor(uint64_t recording) {
  std::unique_lock<std::mutex> lock(mutex);
  completed.wait(lock, [&] { return completedUpTo >= recording; });
}

} // namespace mgpu::host
