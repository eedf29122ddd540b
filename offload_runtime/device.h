//===- device.h - Devices and the calling thread's context ------*- C++ -*-===//
//
// Part of mlir-offload.
//
// Each device's primary context is retained once and kept for the life of
// the process. A thread makes the context of its device current once, not
// around every call: after that, finding the current device is a
// thread-local read. Threads start on device 0; mgpuSetDefaultDevice moves
// the calling thread at any time.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_DEVICE_H
#define OFFLOAD_RUNTIME_DEVICE_H

#include "offload_runtime/cuda_driver.h"

#include "offload_runtime/status.h"

#include <cuda.h>

namespace mgpu {

struct Device {
  const CudaDriver *driver;
  int ordinal;
  CUdevice device;
  CUcontext context;
  /// Compute capability, as 10 * major + minor (90 for sm_90).
  int computeCapability;
  /// The most dynamic shared memory a block may opt into.
  int maxSharedMemoryOptin;
};

/// The calling thread's device, with its context current on this thread.
StatusOr<Device *> GetCurrentDevice();

/// Moves the calling thread to device `ordinal` (checked at its next use).
void SetCurrentDeviceOrdinal(int ordinal);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_DEVICE_H
