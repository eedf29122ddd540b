//===- fake_hip_runtime.cc - The test HIP runtime: errors and devices -----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See fake_hip_control.h. Modules and launches are in fake_hip_modules.cc,
// memory, streams and events in fake_hip_memory.cc.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_hip_entries.h"
#include "offload_runtime/testing/fake_hip_state.h"

#include <cstdio>
#include <cstring>

using namespace mgpu::hip;
using fake_hip::NoThrow;

namespace {

const char *ErrorName(hipError_t error) {
  switch (error) {
#define NAME(code)                                                             \
  case code:                                                                   \
    return #code;
    NAME(hipSuccess)
    NAME(hipErrorInvalidValue)
    NAME(hipErrorOutOfMemory)
    NAME(hipErrorNotInitialized)
    NAME(hipErrorDeinitialized)
    NAME(hipErrorInsufficientDriver)
    NAME(hipErrorInvalidDeviceFunction)
    NAME(hipErrorNoDevice)
    NAME(hipErrorInvalidDevice)
    NAME(hipErrorInvalidImage)
    NAME(hipErrorInvalidContext)
    NAME(hipErrorNoBinaryForGpu)
    NAME(hipErrorInvalidKernelFile)
    NAME(hipErrorSharedObjectInitFailed)
    NAME(hipErrorInvalidHandle)
    NAME(hipErrorNotFound)
    NAME(hipErrorIllegalAddress)
    NAME(hipErrorLaunchOutOfResources)
    NAME(hipErrorAssert)
    NAME(hipErrorHostMemoryAlreadyRegistered)
    NAME(hipErrorHostMemoryNotRegistered)
    NAME(hipErrorLaunchFailure)
    NAME(hipErrorNotSupported)
#undef NAME
  default:
    return "hipErrorUnknown";
  }
}

/// Where gcnArchName is and how large the whole struct is, from ROCm's
/// hip_runtime_api.h: hipDeviceProp_tR0600 (ROCm 6 and later) and ROCm 5's
/// hipDeviceProp_t. The whole struct is written, as HIP writes it, so that a
/// caller that passes less room is caught under AddressSanitizer.
constexpr size_t kR0600ArchOffset = 1160, kR0600Size = 1472;
constexpr size_t kLegacyArchOffset = 396, kLegacySize = 792;

hipError_t FillProperties(const char *entry, void *prop, int device,
                          size_t archOffset, size_t size) {
  FAKE_HIP_ENTER(entry);
  if (!prop)
    return hipErrorInvalidValue;
  if (device < 0 || device >= static_cast<int>(s.devices.size()))
    return hipErrorInvalidDevice;
  auto *bytes = static_cast<char *>(prop);
  std::memset(bytes, 0, size);
  std::snprintf(bytes, 256, "Fake AMD GPU %d", device);
  std::snprintf(bytes + archOffset, 256, "%s", s.devices[device].text.c_str());
  return hipSuccess;
}

/// What an entry point that answers one int does: `value` into `*out`.
hipError_t Answer(int *out, int value) {
  if (!out)
    return hipErrorInvalidValue;
  *out = value;
  return hipSuccess;
}

} // namespace

hipError_t hipInit(unsigned int flags) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipInit");
    if (flags != 0)
      return hipErrorInvalidValue;
    // What Debian's ROCm 5.2 answers on a machine without a GPU.
    return s.devices.empty() ? hipErrorInvalidDevice : hipSuccess;
  });
}

const char *hipGetErrorName(hipError_t error) {
  std::unique_lock<std::mutex> lock;
  if (NoThrow([&] { return fake_hip::Enter("hipGetErrorName", lock); }) !=
      hipSuccess)
    return nullptr;
  return ErrorName(error);
}

const char *hipGetErrorString(hipError_t error) {
  std::unique_lock<std::mutex> lock;
  if (NoThrow([&] { return fake_hip::Enter("hipGetErrorString", lock); }) !=
      hipSuccess)
    return nullptr;
  switch (error) {
  case hipErrorOutOfMemory:
    return "out of memory";
  case hipErrorNoBinaryForGpu:
    return "no kernel image is available for execution on the device";
  case hipErrorNotFound:
    return "named symbol not found";
  default:
    return ErrorName(error); // as ROCm 5.2 does for most
  }
}

hipError_t hipRuntimeGetVersion(int *version) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipRuntimeGetVersion");
    // 6.0, as HIP_VERSION encodes it.
    return Answer(version, 60000000);
  });
}

hipError_t hipGetDeviceCount(int *count) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipGetDeviceCount");
    if (!count)
      return hipErrorInvalidValue;
    *count = static_cast<int>(s.devices.size());
    return s.devices.empty() ? hipErrorNoDevice : hipSuccess;
  });
}

hipError_t hipGetDevice(int *device) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipGetDevice");
    return Answer(device, fake_hip::currentDevice);
  });
}

hipError_t hipSetDevice(int device) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipSetDevice");
    if (device < 0 || device >= static_cast<int>(s.devices.size()))
      return hipErrorInvalidDevice;
    fake_hip::currentDevice = device;
    return hipSuccess;
  });
}

#ifndef FAKE_HIP_ROCM5
hipError_t hipGetDevicePropertiesR0600(void *prop, int device) {
  return NoThrow([&] {
    return FillProperties("hipGetDevicePropertiesR0600", prop, device,
                          kR0600ArchOffset, kR0600Size);
  });
}
#endif

hipError_t hipGetDeviceProperties(void *prop, int device) {
  return NoThrow([&] {
    return FillProperties("hipGetDeviceProperties", prop, device,
                          kLegacyArchOffset, kLegacySize);
  });
}
