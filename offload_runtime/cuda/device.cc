//===- device.cc - CUDA devices and the calling thread's context ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/device.h"
#include "offload_runtime/driver_errors.h"

#include "offload_runtime/backend.h"
#include "offload_runtime/cuda/cuda_error.h"
#include "offload_runtime/thread_device.h"

#include <atomic>
#include <memory>
#include <mutex>

namespace mgpu {
namespace {

/// Devices are created on first use and never destroyed, so pointers to them
/// stay valid, also in destructors at exit.
class DeviceTable {
public:
  explicit DeviceTable(const CudaDriver &driver, int count)
      : driver(driver), count(count),
        devices(std::make_unique<std::atomic<Device *>[]>(count)) {}

  int size() const { return count; }

  StatusOr<Device *> Get(int ordinal) {
    if (ordinal < 0 || ordinal >= count)
      return NoSuchDeviceError(ordinal, count, "CUDA device",
                               "CUDA_VISIBLE_DEVICES");
    if (Device *device = devices[ordinal].load(std::memory_order_acquire))
      return device;
    std::lock_guard<std::mutex> lock(mutex);
    if (Device *device = devices[ordinal].load(std::memory_order_relaxed))
      return device;
    StatusOr<Device *> device = Create(ordinal);
    if (device.ok())
      devices[ordinal].store(*device, std::memory_order_release);
    return device;
  }

  /// The compute capability of device 0, asked of the driver without
  /// creating the device (its context).
  StatusOr<int> FirstComputeCapability() {
    CUdevice device = 0;
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuDeviceGet, &device, 0);
    return ComputeCapabilityOf(device);
  }

private:
  StatusOr<Device *> Create(int ordinal) {
    auto device = std::make_unique<Device>();
    device->driver = &driver;
    device->ordinal = ordinal;
    device->cuCtxGetCurrent = driver.cuCtxGetCurrent;
    device->cuLaunchKernel = driver.cuLaunchKernel;
    device->cuStreamSynchronize = driver.cuStreamSynchronize;
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuDeviceGet, &device->device, ordinal);
    MGPU_ASSIGN_OR_RETURN(device->computeCapability,
                          ComputeCapabilityOf(device->device));
    MGPU_RETURN_IF_CUDA_ERROR(
        driver, cuDeviceGetAttribute, &device->maxSharedMemoryOptin,
        CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, device->device);
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuDevicePrimaryCtxRetain,
                              &device->context, device->device);
    return device.release();
  }

  StatusOr<int> ComputeCapabilityOf(CUdevice device) {
    int major = 0, minor = 0;
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuDeviceGetAttribute, &major,
                              CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                              device);
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuDeviceGetAttribute, &minor,
                              CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                              device);
    return 10 * major + minor;
  }

  const CudaDriver &driver;
  const int count;
  std::unique_ptr<std::atomic<Device *>[]> devices;
  std::mutex mutex;
};

StatusOr<DeviceTable *> GetDeviceTable() {
  static const StatusOr<DeviceTable *> *table = [] {
    auto make = []() -> StatusOr<DeviceTable *> {
      MGPU_ASSIGN_OR_RETURN(const CudaDriver *driver, GetCudaDriver());
      int count = 0;
      MGPU_RETURN_IF_CUDA_ERROR(*driver, cuDeviceGetCount, &count);
      if (count == 0)
        return CudaError(*driver, CUDA_ERROR_NO_DEVICE, "cuDeviceGetCount");
      return new DeviceTable(*driver, count);
    };
    return new StatusOr<DeviceTable *>(make());
  }();
  return *table;
}

} // namespace

StatusOr<int> GetDeviceCount() {
  MGPU_ASSIGN_OR_RETURN(DeviceTable * table, GetDeviceTable());
  return table->size();
}

StatusOr<Device *> GetDevice(int ordinal) {
  MGPU_ASSIGN_OR_RETURN(DeviceTable * table, GetDeviceTable());
  return table->Get(ordinal);
}

StatusOr<int> GetFirstDeviceComputeCapability() {
  MGPU_ASSIGN_OR_RETURN(DeviceTable * table, GetDeviceTable());
  return table->FirstComputeCapability();
}

namespace {
/// GetThreadDevice for `thread`, the calling thread's.
StatusOr<Device *> GetDeviceOf(ThreadDevice &thread) {
  if (thread.cache.device)
    return static_cast<Device *>(thread.cache.device);
  MGPU_ASSIGN_OR_RETURN(Device * device, GetDevice(thread.ordinal));
  // Kept only for the fast path, which takes it as its sign to go on.
  if (FastPathOn())
    thread.cache.device = device;
  return device;
}
} // namespace

StatusOr<Device *> GetThreadDevice() {
  return GetDeviceOf(CurrentThreadDevice());
}

StatusOr<DeviceScope> DeviceScope::Enter(std::optional<CUcontext> known) {
  ThreadDevice &thread = CurrentThreadDevice();
  MGPU_ASSIGN_OR_RETURN(Device * device, GetDeviceOf(thread));
  const CudaDriver &driver = *device->driver;
  CUcontext current = known.value_or(nullptr);
  if (!known)
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuCtxGetCurrent, &current);
  if (current == device->context)
    return DeviceScope(device, /*pushed=*/false);
  // The context that this backend made current on the thread, if any.
  if (!current || current == static_cast<CUcontext>(thread.backendState)) {
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuCtxSetCurrent, device->context);
    thread.backendState = device->context;
    return DeviceScope(device, /*pushed=*/false);
  }
  MGPU_RETURN_IF_CUDA_ERROR(driver, cuCtxPushCurrent, device->context);
  return DeviceScope(device, /*pushed=*/true);
}

DeviceScope::~DeviceScope() {
  if (!pushed)
    return;
  // Failing to pop leaves our context on the thread's stack; nothing better
  // can be done in a destructor, and the next Enter() pushes again anyway.
  CUcontext popped = nullptr;
  (void)scopeDevice->driver->cuCtxPopCurrent(&popped);
}

} // namespace mgpu
