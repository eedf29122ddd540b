//===- thread_device.cc - The calling thread's device ---------------------===//
//
// Part of mlir-offload.
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
