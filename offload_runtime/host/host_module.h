//===- host_module.h - Host objects, loaded from memory ---------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A host object is a shared object made by #offload.host's serializer. It is
// loaded from memory (memfd_create, then dlopen of /proc/self/fd/N, so that
// nothing is written to disk) and exports one MgpuHostKernel per kernel
// (mgpu_abi.def); it needs nothing but the C library and libm, which the
// runtime makes sure are loaded.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_HOST_MODULE_H
#define OFFLOAD_RUNTIME_HOST_HOST_MODULE_H

#include "mgpu/mgpu.h"

#include "offload_runtime/status.h"

#include <cstddef>
#include <string>

namespace mgpu::host {

class HostModule;

struct HostKernel {
  const MgpuHostKernel *descriptor;
  std::string name;
};

/// The ELF machine of this process: what MgpuObject::arch is for a host
/// object that runs here.
int GetHostElfMachine();

/// Loads the host object of `size` bytes at `data` (0: read the size from
/// its ELF header). What is not a host object for this machine (a cubin,
/// PTX, another architecture's) is an error that says what it is.
StatusOr<HostModule *> LoadHostObject(const void *data, size_t size);

/// Unloads `module` once no stream runs its kernels any more; does nothing
/// once the process has begun to exit.
Status UnloadHostModule(HostModule *module);

/// The kernel `name` of `module`, looked up once.
StatusOr<HostKernel *> GetHostKernel(HostModule &module, const char *name);

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_HOST_MODULE_H
