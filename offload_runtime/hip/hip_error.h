//===- hip_error.h - Errors of the HIP runtime ------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A failed HIP call is one line (driver_errors.h), reported to
// mgpuGetLastError as the MGPU_ERROR_* of the same meaning: HIP numbers most
// of its errors as the ABI does.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HIP_HIP_ERROR_H
#define OFFLOAD_RUNTIME_HIP_HIP_ERROR_H

#include "offload_runtime/hip/hip_api.h"
#include "offload_runtime/status.h"

#include <string>
#include <string_view>

namespace mgpu::hip {

struct HipRuntime;

/// "hipErrorNoBinaryForGpu", with the runtime's description where it says
/// more than the name: "hipErrorOutOfMemory (out of memory)".
std::string HipErrorName(const HipRuntime &runtime, hipError_t result);

/// "<call> failed with hipErrorX (its description): <context>", plus advice
/// for the errors that users cause.
Status HipError(const HipRuntime &runtime, hipError_t result,
                std::string_view call, std::string_view context = "");

} // namespace mgpu::hip

/// Returns the error from the enclosing function if the HIP call fails.
#define MGPU_RETURN_IF_HIP_ERROR(runtime, call, ...)                           \
  do {                                                                         \
    if (::mgpu::hip::hipError_t mgpu_result_ = (runtime).call(__VA_ARGS__);    \
        mgpu_result_ != ::mgpu::hip::hipSuccess)                               \
      return ::mgpu::hip::HipError((runtime), mgpu_result_, #call);            \
  } while (false)

#endif // OFFLOAD_RUNTIME_HIP_HIP_ERROR_H
