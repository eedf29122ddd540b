//===- thread_device.h - The calling thread's device ------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// mgpuSetDefaultDevice moves the calling thread to a device, at any time;
// threads start on device 0. The ordinal is only recorded here: a backend
// checks it at the thread's next call.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_THREAD_DEVICE_H
#define OFFLOAD_RUNTIME_THREAD_DEVICE_H

namespace mgpu {

void SetThreadDeviceOrdinal(int ordinal);
int GetThreadDeviceOrdinal();

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_THREAD_DEVICE_H
