//===- process_exit.cc - Whether the process is exiting -------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/process_exit.h"

#include <atomic>
#include <cstdlib>
#include <mutex>

namespace mgpu {
namespace {
std::atomic<bool> exiting{false};
} // namespace

void WatchForProcessExit() {
  static std::once_flag once;
  std::call_once(once, [] { std::atexit([] { exiting.store(true); }); });
}

bool ProcessExiting() { return exiting.load(); }

} // namespace mgpu
