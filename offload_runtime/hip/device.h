//===- device.h - AMD GPUs and the calling thread's device ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every device HIP sees, read once (its name and target ID) and kept for the
// life of the process; mgpuSetDefaultDevice chooses among them per thread,
// and HIP_VISIBLE_DEVICES (HIP's own) which of the machine's they are.
//
// HIP has a current device per thread, which
// decides where modules load, memory is allocated and streams are made.
// Every operation that depends on it runs inside a DeviceScope, which makes
// the calling thread's mgpu device current for the call, at the cost of one
// hipGetDevice when it already is, and gives the thread back the device
// that was current before: other HIP code on the thread (hipBLAS, a HIP
// program's own calls) never finds its device changed.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HIP_DEVICE_H
#define OFFLOAD_RUNTIME_HIP_DEVICE_H

#include "object_format/amdgpu/AmdgpuChips.h"
#include "offload_runtime/hip/hip_runtime.h"
#include "offload_runtime/status.h"

#include <string>

namespace mgpu::hip {

struct Device {
  const HipRuntime *runtime;
  int ordinal;
  /// "AMD Instinct MI210".
  std::string name;
  /// As HIP writes it: "gfx90a:sramecc+:xnack-".
  std::string targetIdText;
  /// The same, parsed; its chip is null for a chip that
  /// object_format/amdgpu/AmdgpuChips.h does not know, which runs no object.
  object_format::AmdgpuTargetId targetId;

  /// "device 0 (gfx90a:sramecc+:xnack-)", for messages.
  std::string Describe() const;
};

/// The number of devices; an error if the runtime cannot be used or sees
/// none.
StatusOr<int> GetDeviceCount();

/// Device `ordinal`.
StatusOr<Device *> GetDevice(int ordinal);

/// The calling thread's device (mgpuSetDefaultDevice), without making it
/// current: for work that needs no current device.
StatusOr<Device *> GetThreadDevice();

/// Makes the calling thread's device current, from Enter() until the scope
/// ends: `DeviceScope scope; MGPU_RETURN_IF_ERROR(scope.Enter());`.
class DeviceScope {
public:
  DeviceScope() = default;
  DeviceScope(const DeviceScope &) = delete;
  DeviceScope &operator=(const DeviceScope &) = delete;
  ~DeviceScope();

  Status Enter();
  /// After a successful Enter().
  Device &device() const { return *scopeDevice; }

private:
  Device *scopeDevice = nullptr;
  /// The thread's device before the scope, to make current again at its
  /// end; -1 if it was the scope's own.
  int previous = -1;
};

} // namespace mgpu::hip

#endif // OFFLOAD_RUNTIME_HIP_DEVICE_H
