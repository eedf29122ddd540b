//===- hip_error.cc - Errors of the HIP runtime ---------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/hip/hip_error.h"

#include "offload_runtime/hip/hip_runtime.h"

#include <cstring>

namespace mgpu::hip {
namespace {

/// The MGPU_ERROR_* of the same number where HIP took CUDA's; the rest, which
/// mean something else in CUDA or nothing, are told apart by their text.
int32_t ErrorCodeOf(hipError_t result) {
  switch (result) {
  case hipErrorInvalidValue:
  case hipErrorOutOfMemory:
  case hipErrorNotInitialized:
  case hipErrorDeinitialized:
  case hipErrorNoDevice:
  case hipErrorInvalidDevice:
  case hipErrorInvalidImage:
  case hipErrorInvalidContext:
  case hipErrorNoBinaryForGpu:
  case hipErrorInvalidKernelFile:
  case hipErrorSharedObjectInitFailed:
  case hipErrorInvalidHandle:
  case hipErrorNotFound:
  case hipErrorIllegalAddress:
  case hipErrorLaunchOutOfResources:
  case hipErrorAssert:
  case hipErrorHostMemoryAlreadyRegistered:
  case hipErrorHostMemoryNotRegistered:
  case hipErrorLaunchFailure:
  case hipErrorNotSupported:
    return static_cast<int32_t>(result);
  case hipErrorInsufficientDriver:
    return MGPU_ERROR_NOT_INITIALIZED;
  case hipErrorInvalidDeviceFunction:
    return MGPU_ERROR_NO_BINARY_FOR_GPU;
  default:
    return MGPU_ERROR_UNKNOWN;
  }
}

const char *Advice(hipError_t result) {
  switch (result) {
  case hipErrorNoDevice:
    return "no AMD GPU is visible: check the GPU, its amdgpu kernel driver "
           "(/dev/kfd) and HIP_VISIBLE_DEVICES";
  case hipErrorInvalidDevice:
    return "no such AMD GPU";
  case hipErrorNoBinaryForGpu:
  case hipErrorInvalidImage:
  case hipErrorInvalidDeviceFunction:
    return "the GPU code was not built for this device's chip and features: "
           "compile it for this chip (#offload.rocm)";
  case hipErrorOutOfMemory:
    return "out of device memory: free memory or use less of it";
  case hipErrorNotFound:
    return "the module has no kernel of that name";
  case hipErrorInsufficientDriver:
    return "the amdgpu kernel driver is older than this HIP runtime needs: "
           "update it";
  default:
    return nullptr;
  }
}

} // namespace

std::string HipErrorName(const HipRuntime &runtime, hipError_t result) {
  const char *name = runtime.hipGetErrorName(result);
  const char *description = runtime.hipGetErrorString(result);
  std::string text = name && *name ? name : StrCat("HIP error ", +result);
  // ROCm 5's descriptions are often the name again.
  if (description && *description && std::strcmp(description, text.c_str()))
    text += StrCat(" (", description, ")");
  return text;
}

Status HipError(const HipRuntime &runtime, hipError_t result,
                std::string_view call, std::string_view context) {
  return DriverCallError(ErrorCodeOf(result), call,
                         HipErrorName(runtime, result), context,
                         Advice(result));
}

} // namespace mgpu::hip
