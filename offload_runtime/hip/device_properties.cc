//===- device_properties.cc - A HIP device's name and target ID -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/hip/device_properties.h"

#include "offload_runtime/hip/hip_error.h"

#include <cstring>

namespace mgpu::hip {
namespace {

/// Larger than either layout, so that a runtime that writes a few fields
/// more than its header says still writes into it.
constexpr size_t kBufferSize = 4096;
static_assert(kBufferSize >= 2 * kR0600PropertiesSize &&
                  kBufferSize >= 2 * kLegacyPropertiesSize,
              "room for either hipDeviceProp_t, and as much again");

constexpr size_t kFieldSize = 256;

/// The NUL-terminated string of at most 256 bytes at `offset`, or false.
bool ReadField(const unsigned char *properties, size_t offset,
               std::string &field) {
  const char *start = reinterpret_cast<const char *>(properties + offset);
  size_t length = strnlen(start, kFieldSize);
  if (length == kFieldSize)
    return false;
  field.assign(start, length);
  return true;
}

} // namespace

StatusOr<DeviceProperties> ReadDeviceProperties(const HipRuntime &runtime,
                                                int ordinal) {
  alignas(16) unsigned char properties[kBufferSize] = {};
  const bool r0600 = runtime.hipGetDevicePropertiesR0600 != nullptr;
  const char *call =
      r0600 ? "hipGetDevicePropertiesR0600" : "hipGetDeviceProperties";
  hipError_t result =
      r0600 ? runtime.hipGetDevicePropertiesR0600(properties, ordinal)
            : runtime.hipGetDeviceProperties(properties, ordinal);
  if (result != hipSuccess)
    return HipError(runtime, result, call, StrCat("device ", ordinal));
  DeviceProperties read;
  size_t offset = r0600 ? kR0600GcnArchNameOffset : kLegacyGcnArchNameOffset;
  // A target ID that is not a gfx name means a layout this file does not
  // know: better said than guessed at.
  if (!ReadField(properties, 0, read.name) ||
      !ReadField(properties, offset, read.targetId) ||
      read.targetId.compare(0, 3, "gfx") != 0)
    return RuntimeError(
        MGPU_ERROR_NOT_SUPPORTED,
        StrCat(call, " of the HIP runtime ", runtime.path, " gave device ",
               ordinal, " no gfx target ID (gcnArchName) at offset ", offset,
               ": its hipDeviceProp_t is laid out in a way this runtime does "
               "not know; use the HIP runtime of ROCm 5, 6 or 7"));
  return read;
}

} // namespace mgpu::hip
