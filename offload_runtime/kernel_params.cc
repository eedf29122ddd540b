//===- kernel_params.cc - A launch's kernel parameters --------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/kernel_params.h"

namespace mgpu {

Status CheckKernelParams(std::string_view kernel, size_t expected,
                         const KernelParams &params) {
  if (expected == 0)
    return OkStatus();
  auto takes = [&] {
    return StrCat("kernel '", kernel, "' takes ", expected, " parameter",
                  expected == 1 ? "" : "s");
  };
  if (!params.params)
    return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                        StrCat(takes(), ", and the launch's params is null"));
  if (params.count && *params.count < expected)
    return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                        StrCat(takes(), ", and the launch passes ",
                               *params.count, " (its paramsCount)"));
  for (size_t i = 0; i < expected; ++i)
    if (!params.params[i])
      return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                          StrCat("parameter ", i, " of kernel '", kernel,
                                 "' is null: params[", i,
                                 "] must point to its value"));
  return OkStatus();
}

} // namespace mgpu
