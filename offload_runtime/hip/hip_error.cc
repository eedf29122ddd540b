//===- hip_error.cc - Errors of the HIP runtime ---------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/hip/hip_error.h"

#include "offload_runtime/driver_errors.h"
#include "offload_runtime/hip/hip_runtime.h"

#include <cstring>

namespace mgpu::hip {
namespace {

constexpr const char *kWrongChip =
    "the GPU code was not built for this device's chip and features: compile "
    "it for this chip (#offload.rocm)";

/// The MGPU_ERROR_* of the same number where HIP took the ABI's (mgpu.h);
/// the rest, which mean something else there or nothing, are told apart by
/// their text.
constexpr DriverResult kResults[] = {
#define MGPU_SAME(result, advice) {result, result, advice, nullptr}
    MGPU_SAME(hipErrorInvalidValue, nullptr),
    MGPU_SAME(hipErrorOutOfMemory,
              "out of device memory: free memory or use less of it"),
    MGPU_SAME(hipErrorNotInitialized, nullptr),
    MGPU_SAME(hipErrorDeinitialized, nullptr),
    MGPU_SAME(hipErrorNoDevice,
              "no AMD GPU is visible: check the GPU, its amdgpu kernel driver "
              "(/dev/kfd) and HIP_VISIBLE_DEVICES"),
    MGPU_SAME(hipErrorInvalidDevice, "no such AMD GPU"),
    MGPU_SAME(hipErrorInvalidImage, kWrongChip),
    MGPU_SAME(hipErrorInvalidContext, nullptr),
    MGPU_SAME(hipErrorNoBinaryForGpu, kWrongChip),
    MGPU_SAME(hipErrorInvalidKernelFile, nullptr),
    MGPU_SAME(hipErrorSharedObjectInitFailed, nullptr),
    MGPU_SAME(hipErrorInvalidHandle, nullptr),
    MGPU_SAME(hipErrorNotFound, "the module has no kernel of that name"),
    MGPU_SAME(hipErrorIllegalAddress, nullptr),
    MGPU_SAME(hipErrorLaunchOutOfResources, nullptr),
    MGPU_SAME(hipErrorAssert, nullptr),
    MGPU_SAME(hipErrorHostMemoryAlreadyRegistered, nullptr),
    MGPU_SAME(hipErrorHostMemoryNotRegistered, nullptr),
    MGPU_SAME(hipErrorLaunchFailure, nullptr),
    MGPU_SAME(hipErrorNotSupported, nullptr),
    {hipErrorInsufficientDriver, MGPU_ERROR_NOT_INITIALIZED,
     "the amdgpu kernel driver is older than this HIP runtime needs: update "
     "it",
     nullptr},
    {hipErrorInvalidDeviceFunction, MGPU_ERROR_NO_BINARY_FOR_GPU, kWrongChip,
     nullptr},
#undef MGPU_SAME
};

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
  return DriverCallError({kResults, MGPU_ERROR_UNKNOWN}, result, call,
                         HipErrorName(runtime, result), context);
}

} // namespace mgpu::hip
