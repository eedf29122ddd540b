//===- device_failure.cc - A failed kernel fails the host device ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/device_failure.h"

#include <atomic>
#include <mutex>

namespace mgpu::host {
namespace {

struct DeviceFailure {
  std::atomic<bool> failed{false};
  std::mutex mutex;
  Status first;
};

/// Never destroyed: streams run, and report, during exit.
DeviceFailure &GetFailure() {
  static DeviceFailure *failure = new DeviceFailure;
  return *failure;
}

} // namespace

void FailDevice(Status failure) {
  DeviceFailure &device = GetFailure();
  std::lock_guard<std::mutex> lock(device.mutex);
  if (device.failed.load(std::memory_order_relaxed))
    return;
  device.first = RuntimeError(
      failure.code(),
      StrCat(failure.text(),
             "; the host device runs no more work after it, as a CUDA "
             "context after a device-side assert"));
  device.failed.store(true, std::memory_order_release);
}

bool DeviceFailed() {
  return GetFailure().failed.load(std::memory_order_acquire);
}

Status GetDeviceFailure() {
  if (!DeviceFailed())
    return OkStatus();
  DeviceFailure &device = GetFailure();
  std::lock_guard<std::mutex> lock(device.mutex);
  return device.first;
}

} // namespace mgpu::host
