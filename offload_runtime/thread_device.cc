//===- thread_device.cc - The calling thread's device ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/thread_device.h"

namespace mgpu {
namespace {
thread_local int threadDeviceOrdinal = 0;
} // namespace

void SetThreadDeviceOrdinal(int ordinal) { threadDeviceOrdinal = ordinal; }

int GetThreadDeviceOrdinal() { return threadDeviceOrdinal; }

} // namespace mgpu
