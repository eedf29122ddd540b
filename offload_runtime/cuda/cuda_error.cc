//===- cuda_error.cc - Errors of the CUDA driver --------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/cuda_error.h"

#include "offload_runtime/cuda/cuda_driver.h"
#include "offload_runtime/driver_errors.h"

#include <string>

namespace mgpu {
namespace {

constexpr const char *kWrongArchitecture =
    "the GPU code was not built for this device's architecture: compile it "
    "for this chip, or include PTX (format=fatbin)";
constexpr const char *kDriverMismatch =
    "the NVIDIA driver does not match this CUDA version: update it";

/// A CUresult is already an MGPU_ERROR_* (mgpu.h): the table adds advice.
constexpr DriverResult kResults[] = {
    {CUDA_ERROR_NO_DEVICE, CUDA_ERROR_NO_DEVICE,
     "no CUDA device is visible: check the GPU, the NVIDIA driver and "
     "CUDA_VISIBLE_DEVICES",
     nullptr},
    {CUDA_ERROR_INVALID_DEVICE, CUDA_ERROR_INVALID_DEVICE,
     "no such CUDA device", nullptr},
    {CUDA_ERROR_NO_BINARY_FOR_GPU, CUDA_ERROR_NO_BINARY_FOR_GPU,
     kWrongArchitecture, nullptr},
    {CUDA_ERROR_INVALID_IMAGE, CUDA_ERROR_INVALID_IMAGE, kWrongArchitecture,
     nullptr},
    {CUDA_ERROR_UNSUPPORTED_PTX_VERSION, CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
     "the PTX is newer than this driver supports: update the NVIDIA driver, "
     "or compile with an older PTX ISA (features=+ptxNN)",
     nullptr},
    {CUDA_ERROR_OUT_OF_MEMORY, CUDA_ERROR_OUT_OF_MEMORY,
     "out of device memory: free memory or use less of it", nullptr},
    {CUDA_ERROR_NOT_FOUND, CUDA_ERROR_NOT_FOUND,
     "the module has no kernel of that name", nullptr},
    {CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, CUDA_ERROR_SYSTEM_DRIVER_MISMATCH,
     kDriverMismatch, nullptr},
    {CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE,
     CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE, kDriverMismatch, nullptr},
};

} // namespace

Status CudaError(const CudaDriver &driver, CUresult result,
                 std::string_view call, std::string_view context) {
  const char *name = nullptr, *description = nullptr;
  if (driver.cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    name = "unknown CUDA error";
  if (driver.cuGetErrorString(result, &description) != CUDA_SUCCESS ||
      !description)
    description = "no description";
  return DriverCallError({kResults, DriverResults::kSameCode}, result, call,
                         StrCat(name, " (", description, ")"), context);
}

} // namespace mgpu
