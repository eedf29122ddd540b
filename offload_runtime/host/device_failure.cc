//===- device_failure.cc - A failed kernel fails the host device ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/device_failure.h"

#include <atomic>

namespace mgpu::host {
namespace {

/// The first failure, published once and never destroyed: streams run, and
/// report, during exit.
std::atomic<const Status *> firstFailure{nullptr};

} // namespace

void FailDevice(Status failure) {
  if (firstFailure.load(std::memory_order_acquire))
    return;
  auto *first = new Status(RuntimeError(
      failure.code(),
      StrCat(failure.text(),
             "; the host device runs no more work after it, as a CUDA "
             "context after a device-side assert")));
  const Status *none = nullptr;
  if (!firstFailure.compare_exchange_strong(none, first,
                                            std::memory_order_acq_rel))
    delete first; // Another failure came first.
}

bool DeviceFailed() {
  return firstFailure.load(std::memory_order_acquire) != nullptr;
}

Status GetDeviceFailure() {
  const Status *first = firstFailure.load(std::memory_order_acquire);
  return first ? *first : OkStatus();
}

} // namespace mgpu::host
