//===- device.h - CUDA devices and the calling thread's context -*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each device's primary context is retained once and kept for the life of
// the process. Every entry point runs inside a DeviceScope, which makes sure
// that the calling thread's device's context is current, at the cost of one
// cuCtxGetCurrent when it already is:
// - a thread with no current context (or with one the runtime made current)
//   gets its device's context made current, once;
// - a thread whose current context belongs to other code (the CUDA runtime
//   API, cuBLAS, cuDNN...) keeps it: the runtime pushes its own for the call
//   and pops it afterwards, so it never launches into the other context and
//   never leaves the thread in a state the other code did not choose.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_DEVICE_H
#define OFFLOAD_RUNTIME_CUDA_DEVICE_H

#include "offload_runtime/cuda/cuda_driver.h"
#include "offload_runtime/cuda/cuda_driver_api.h"
#include "offload_runtime/status.h"

#include <optional>

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
  /// The driver's entries that the fast path calls (fast_path.h): one load
  /// from the device instead of two, and one register fewer to keep.
  decltype(&mgpu::cuCtxGetCurrent) cuCtxGetCurrent;
  decltype(&mgpu::cuLaunchKernel) cuLaunchKernel;
  decltype(&mgpu::cuStreamSynchronize) cuStreamSynchronize;
};

/// The number of CUDA devices; an error if the driver cannot be used or sees
/// none.
StatusOr<int> GetDeviceCount();

/// Device `ordinal`, created (its primary context retained) on first use.
StatusOr<Device *> GetDevice(int ordinal);

/// The compute capability of device 0, without creating it: for the choice
/// of the backend (backends.cc), which may well choose another.
StatusOr<int> GetFirstDeviceComputeCapability();

/// The calling thread's device (mgpuSetDefaultDevice), without touching the
/// thread's context: for work that names its stream, or needs no context
/// (loading libraries, finding kernels, pooled streams).
StatusOr<Device *> GetThreadDevice();

/// The calling thread's device, with its context current until the scope
/// ends: for work that the driver does in the current context (launches,
/// allocations, new streams and events).
class DeviceScope {
public:
  /// `current`: the thread's current context, if the caller has just asked
  /// the driver (fast_path.h), so that it is not asked twice.
  static StatusOr<DeviceScope>
  Enter(std::optional<CUcontext> current = std::nullopt);

  DeviceScope(DeviceScope &&other) noexcept
      : scopeDevice(other.scopeDevice), pushed(other.pushed) {
    other.pushed = false;
  }
  DeviceScope(const DeviceScope &) = delete;
  DeviceScope &operator=(const DeviceScope &) = delete;
  DeviceScope &operator=(DeviceScope &&) = delete;
  ~DeviceScope();

  Device &device() const { return *scopeDevice; }

private:
  DeviceScope(Device *device, bool pushed)
      : scopeDevice(device), pushed(pushed) {}

  Device *scopeDevice;
  /// Whether the scope pushed the context over another's, to pop at its end.
  bool pushed;
};

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_DEVICE_H
