//===- cuda_backend.h - The mgpu entry points over the CUDA driver -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_CUDA_BACKEND_H
#define OFFLOAD_RUNTIME_CUDA_CUDA_BACKEND_H

#include "offload_runtime/backend.h"

#include <memory>

namespace mgpu {

/// The backend over the CUDA driver (cuda_driver.h), or why it cannot run:
/// no driver, or no device.
StatusOr<std::unique_ptr<Backend>> CreateCudaBackend();

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_CUDA_BACKEND_H
