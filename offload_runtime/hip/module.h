//===- module.h - Code objects loaded per AMD GPU, and kernels --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A module is what mgpuModuleLoad or mgpuModuleLoadObjects loaded: one code
// object, or the objects of a gpu.binary. A HIP module belongs to the device
// that was current when it was loaded, so each device that uses the module
// gets the object that fits it (object_selection.h), chosen and loaded when
// it first uses the module, in a scope that makes it current (device.h). A
// kernel handle is the module's: it works on every device, and holds the
// hipFunction_t of each device it was looked up on.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HIP_MODULE_H
#define OFFLOAD_RUNTIME_HIP_MODULE_H

#include "mgpu/mgpu.h"

#include "offload_runtime/hip/device.h"
#include "offload_runtime/hip/hip_api.h"
#include "offload_runtime/status.h"

namespace mgpu::hip {

class Module;
class Kernel;

/// Loads the AMDGPU code object of `size` bytes (0: as its headers say) on
/// `device`, which is current. The module keeps a copy, for the other
/// devices: the caller may free the image.
StatusOr<Module *> LoadImage(const void *image, size_t size, Device &device);

/// Loads the object of `objects` that fits `device`, which is current; other
/// devices load theirs when they first use the module.
StatusOr<Module *> LoadObjects(const MgpuObject *objects, int32_t count,
                               const char *binaryName, Device &device);

/// Unloads what every device loaded. During process exit (after the HIP
/// runtime may be gone) it does nothing: the process is ending anyway.
Status UnloadModule(Module *module);

/// The kernel `name` of `module`, looked up on `device` (current) now, so
/// that a missing kernel is reported here; HIP is asked once per device.
StatusOr<Kernel *> GetKernel(Module &module, const char *name, Device &device);

/// The hipFunction_t of `kernel` on `device` (current): one atomic load
/// once the device has used it, else its object is chosen, loaded and
/// searched.
StatusOr<hipFunction_t> GetFunctionForDevice(Kernel &kernel, Device &device);

} // namespace mgpu::hip

#endif // OFFLOAD_RUNTIME_HIP_MODULE_H
