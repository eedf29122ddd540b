//===- kernel_params.h - A launch's kernel parameters -----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A launch passes its kernel's parameters as CUDA's cuLaunchKernel takes
// them: params[i] points to the value of parameter i. A backend that knows
// how many parameters its kernels take checks them before it reads one: a
// short array or a null pointer is an error, not a read of whatever lies
// there. (A backend that hands them to a driver leaves them to the driver,
// as CUDA's does, which reads them without such a check.)
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_KERNEL_PARAMS_H
#define OFFLOAD_RUNTIME_KERNEL_PARAMS_H

#include "offload_runtime/status.h"

#include <cstddef>
#include <optional>
#include <string_view>

namespace mgpu {

/// A launch's kernel parameters, as the entry point got them.
struct KernelParams {
  /// params[i] points to the value of parameter i.
  void **params;
  /// CUDA's packed form (CU_LAUNCH_PARAM_*), or null.
  void **extra;
  /// How many `params` holds, where the caller says: mgpuLaunchKernel's
  /// paramsCount (mgpuLaunchClusterKernel, whose signature is upstream's,
  /// has none).
  std::optional<size_t> count;
};

/// OK if `params` holds the `expected` parameters of kernel `kernel`: an
/// array of at least that many (by its count, where known), none null; else
/// an error that names the kernel and what is wrong.
Status CheckKernelParams(std::string_view kernel, size_t expected,
                         const KernelParams &params);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_KERNEL_PARAMS_H
