//===- device.cc - Devices and the calling thread's context ---------------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/device.h"

#include "offload_runtime/status.h"

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

  StatusOr<Device *> Get(int ordinal) {
    if (ordinal < 0 || ordinal >= count)
      return RuntimeError(CUDA_ERROR_INVALID_DEVICE,
                          StrCat("device ", ordinal,
                                 " does not exist; this machine has ", count,
                                 " CUDA device", count == 1 ? "" : "s",
                                 " (check CUDA_VISIBLE_DEVICES)"));
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

private:
  StatusOr<Device *> Create(int ordinal) {
    auto device = std::make_unique<Device>();
    device->driver = &driver;
    device->ordinal = ordinal;
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuDeviceGet, &device->device, ordinal);
    int major = 0, minor = 0;
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuDeviceGetAttribute, &major,
                              CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                              device->device);
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuDeviceGetAttribute, &minor,
                              CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                              device->device);
    device->computeCapability = 10 * major + minor;
    MGPU_RETURN_IF_CUDA_ERROR(
        driver, cuDeviceGetAttribute, &device->maxSharedMemoryOptin,
        CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, device->device);
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuDevicePrimaryCtxRetain,
                              &device->context, device->device);
    return device.release();
  }

  const CudaDriver &driver;
  const int count;
  std::unique_ptr<std::atomic<Device *>[]> devices;
  std::mutex mutex;
};

StatusOr<DeviceTable *> GetDeviceTable() {
  static const StatusOr<DeviceTable *> *table = [] {
    auto make = []() -> StatusOr<DeviceTable *> {
      StatusOr<const CudaDriver *> driver = GetCudaDriver();
      if (!driver.ok())
        return driver.status();
      int count = 0;
      MGPU_RETURN_IF_CUDA_ERROR(**driver, cuDeviceGetCount, &count);
      if (count == 0)
        return CudaError(**driver, CUDA_ERROR_NO_DEVICE, "cuDeviceGetCount");
      return new DeviceTable(**driver, count);
    };
    return new StatusOr<DeviceTable *>(make());
  }();
  return *table;
}

struct ThreadDevice {
  int ordinal = 0;
  /// The device whose context this thread made current, if any.
  Device *bound = nullptr;
};
thread_local ThreadDevice threadDevice;

} // namespace

StatusOr<Device *> GetCurrentDevice() {
  ThreadDevice &thread = threadDevice;
  if (thread.bound && thread.bound->ordinal == thread.ordinal)
    return thread.bound;
  StatusOr<DeviceTable *> table = GetDeviceTable();
  if (!table.ok())
    return table.status();
  StatusOr<Device *> device = (*table)->Get(thread.ordinal);
  if (!device.ok())
    return device.status();
  MGPU_RETURN_IF_CUDA_ERROR(*(*device)->driver, cuCtxSetCurrent,
                            (*device)->context);
  thread.bound = *device;
  return *device;
}

void SetCurrentDeviceOrdinal(int ordinal) { threadDevice.ordinal = ordinal; }

} // namespace mgpu
