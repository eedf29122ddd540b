//===- device_properties.h - A HIP device's name and target ID --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// HIP tells a device's target ID ("gfx90a:sramecc+:xnack-": the chip, and
// the xnack and sramecc modes it runs in, which decide the code objects it
// loads) only in hipDeviceProp_t::gcnArchName. That struct is laid out one
// way in ROCm 5 and another in ROCm 6 and later, under two entry points, and
// the backend declares neither layout (hip_api.h); it reads the two fields
// it needs at their offsets in the layout of the entry point it calls.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HIP_DEVICE_PROPERTIES_H
#define OFFLOAD_RUNTIME_HIP_DEVICE_PROPERTIES_H

#include "offload_runtime/hip/hip_runtime.h"
#include "offload_runtime/status.h"

#include <cstddef>
#include <string>

namespace mgpu::hip {

/// Where each layout keeps gcnArchName[256], and how large it is (name[256]
/// comes first in both). From ROCm's hip_runtime_api.h: for
/// hipGetDeviceProperties, ROCm 5's hipDeviceProp_t (Debian's ROCm 5.2
/// header: offsetof 396, sizeof 792; ROCm 6 keeps it as
/// hipDeviceProp_tR0000); for hipGetDevicePropertiesR0600, ROCm 6's
/// hipDeviceProp_tR0600 (offsetof 1160, sizeof 1472), whose reserved arrays
/// keep gcnArchName in place in ROCm 7. LLVM's amdgpu-arch reads the same
/// offsets. //offload_runtime/tests:hip_api_test checks the first against
/// the installed header.
constexpr size_t kLegacyGcnArchNameOffset = 396;
constexpr size_t kLegacyPropertiesSize = 792;
constexpr size_t kR0600GcnArchNameOffset = 1160;
constexpr size_t kR0600PropertiesSize = 1472;

/// What the backend knows of a device from HIP.
struct DeviceProperties {
  /// "AMD Instinct MI210".
  std::string name;
  /// gcnArchName: "gfx90a:sramecc+:xnack-".
  std::string targetId;
};

/// Device `ordinal`'s properties, through hipGetDevicePropertiesR0600 where
/// the runtime has it, else hipGetDeviceProperties.
StatusOr<DeviceProperties> ReadDeviceProperties(const HipRuntime &runtime,
                                                int ordinal);

} // namespace mgpu::hip

#endif // OFFLOAD_RUNTIME_HIP_DEVICE_PROPERTIES_H
