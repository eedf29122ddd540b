//===- cuda_error.h - Errors of the CUDA driver -----------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_CUDA_ERROR_H
#define OFFLOAD_RUNTIME_CUDA_CUDA_ERROR_H

#include "offload_runtime/cuda/cuda_driver_api.h"
#include "offload_runtime/status.h"

#include <string_view>

namespace mgpu {

struct CudaDriver;

/// "<call> failed with CUDA_ERROR_X (its description): <context>", plus
/// advice for the errors that users cause.
Status CudaError(const CudaDriver &driver, CUresult result,
                 std::string_view call, std::string_view context = "");

} // namespace mgpu

/// Returns the error from the enclosing function if the driver call fails.
#define MGPU_RETURN_IF_CUDA_ERROR(driver, call, ...)                           \
  do {                                                                         \
    if (::mgpu::CUresult mgpu_result_ = (driver).call(__VA_ARGS__);            \
        mgpu_result_ != ::mgpu::CUDA_SUCCESS)                                  \
      return ::mgpu::CudaError((driver), mgpu_result_, #call);                 \
  } while (false)

#endif // OFFLOAD_RUNTIME_CUDA_CUDA_ERROR_H
