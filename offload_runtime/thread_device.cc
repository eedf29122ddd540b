//===- thread_device.cc - The calling thread's device ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/thread_device.h"

namespace mgpu {

namespace detail {
// __thread rather than thread_local: a trivial type, so that accesses from
// other files call no initialization wrapper.
__thread ThreadDevice threadDevice [[gnu::visibility("hidden")]];
} // namespace detail

void SetThreadDeviceOrdinal(int ordinal) {
  ThreadDevice &thread = CurrentThreadDevice();
  if (thread.ordinal == ordinal)
    return;
  thread.ordinal = ordinal;
  thread.cache = {};
}

int GetThreadDeviceOrdinal() { return CurrentThreadDevice().ordinal; }

} // namespace mgpu
