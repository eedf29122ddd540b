//===- module.h - GPU objects loaded per device, and kernels ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A module is what mgpuModuleLoad or mgpuModuleLoadObjects loaded: one image,
// or the objects of a gpu.binary. Each device that uses the module gets the
// object that fits it (object_selection.h), chosen once; each chosen object
// is loaded once, as a CUDA library (cuLibraryLoadData), which belongs to no
// context: loading works from global constructors, before main(), and one
// library serves every device that chose it. A kernel handle is the
// module's: it works on every device, and holds the CUkernel of each object
// it was looked up in.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_MODULE_H
#define OFFLOAD_RUNTIME_CUDA_MODULE_H

#include "mgpu/mgpu.h"

#include "offload_runtime/cuda/cuda_driver_api.h"
#include "offload_runtime/cuda/device.h"
#include "offload_runtime/status.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace mgpu {

class CudaModule;

/// A kernel handle: a kernel of a module, by name, on any device.
class CudaKernel {
public:
  CudaKernel(CudaModule &module, std::string name, size_t objectCount,
             size_t deviceCount);

  CudaModule &module;
  const std::string name;
  /// The kernel in each object's library, once looked up.
  const std::unique_ptr<std::atomic<CUkernel>[]> byObject;
  /// The kernel on each device, once a device has used it: byObject's entry
  /// for the device's object, one load away for the launch path.
  const std::unique_ptr<std::atomic<CUkernel>[]> byDevice;
  /// Dynamic shared memory opted into on each device, in bytes.
  const std::unique_ptr<std::atomic<int32_t>[]> sharedMemoryOptIn;
};

/// Loads a cubin, fatbin or NUL-terminated PTX of `size` bytes (0: unknown).
/// With `jitOptLevel`, PTX is compiled by the driver at that level; the JIT
/// log is part of any error.
StatusOr<CudaModule *> LoadImage(const CudaDriver &driver, const void *image,
                                 size_t size, std::optional<int> jitOptLevel);

/// Loads the object of `objects` that fits `device`; other devices load
/// theirs when they first use the module.
StatusOr<CudaModule *> LoadObjects(const CudaDriver &driver,
                                   const MgpuObject *objects, int32_t count,
                                   const char *binaryName, Device &device);

/// Unloads every object `module` loaded. During process exit (after the
/// driver may be gone) it does nothing: the process is ending anyway.
Status UnloadModule(CudaModule *module);

/// The kernel `name` of `module`, looked up for `device` now (so that a
/// missing kernel is reported here); the driver is asked once per object.
StatusOr<CudaKernel *> GetKernel(CudaModule &module, const char *name,
                                 Device &device);

/// The CUkernel of `kernel` on `device`: ReadyKernel once the device has
/// used it, else the device's object is chosen, loaded and searched.
StatusOr<CUkernel> GetKernelForDevice(CudaKernel &kernel, Device &device);

/// The CUkernel of `kernel` on `device` if the device has used it before,
/// else null: one atomic load, inline for the launch path.
inline CUkernel ReadyKernel(const CudaKernel &kernel, const Device &device) {
  return kernel.byDevice[device.ordinal].load(std::memory_order_acquire);
}

/// The default limit of dynamic shared memory per block, which a launch may
/// use without opting in.
constexpr int32_t kDefaultSharedMemoryLimit = 48 * 1024;

/// Opts `kernel` into `bytes` of dynamic shared memory on `device` when more
/// than kDefaultSharedMemoryLimit is asked for; done once per kernel and
/// device.
Status OptIntoSharedMemory(CudaKernel &kernel, CUkernel cuKernel,
                           Device &device, int32_t bytes);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_MODULE_H
