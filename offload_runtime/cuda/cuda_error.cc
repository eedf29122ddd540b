//===- cuda_error.cc - Errors of the CUDA driver --------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/cuda_error.h"

#include "offload_runtime/cuda/cuda_driver.h"

#include <string>

namespace mgpu {
namespace {

const char *Advice(CUresult result) {
  switch (result) {
  case CUDA_ERROR_NO_DEVICE:
    return "no CUDA device is visible: check the GPU, the NVIDIA driver and "
           "CUDA_VISIBLE_DEVICES";
  case CUDA_ERROR_INVALID_DEVICE:
    return "no such CUDA device";
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
  case CUDA_ERROR_INVALID_IMAGE:
    return "the GPU code was not built for this device's architecture: "
           "compile it for this chip, or include PTX (format=fatbin)";
  case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
    return "the PTX is newer than this driver supports: update the NVIDIA "
           "driver, or compile with an older PTX ISA (features=+ptxNN)";
  case CUDA_ERROR_OUT_OF_MEMORY:
    return "out of device memory: free memory or use less of it";
  case CUDA_ERROR_NOT_FOUND:
    return "the module has no kernel of that name";
  case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
  case CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE:
    return "the NVIDIA driver does not match this CUDA version: update it";
  default:
    return nullptr;
  }
}

} // namespace

Status CudaError(const CudaDriver &driver, CUresult result,
                 std::string_view call, std::string_view context) {
  const char *name = nullptr, *description = nullptr;
  if (driver.cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    name = "unknown CUDA error";
  if (driver.cuGetErrorString(result, &description) != CUDA_SUCCESS ||
      !description)
    description = "no description";
  // A CUresult is already an MGPU_ERROR_* (mgpu.h).
  return DriverCallError(result, call, StrCat(name, " (", description, ")"),
                         context, Advice(result));
}

} // namespace mgpu
