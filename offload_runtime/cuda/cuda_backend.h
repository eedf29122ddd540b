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

/// OK where the CUDA driver's device 0 can run one of the `count` objects of
/// a gpu.binary (object_selection.h), else why not (no driver, no device, or
/// no object for its architecture): with MGPU_DEVICE=auto, the next backend
/// is tried then. Creates no context.
Status CheckCudaDeviceRunsOneOf(const MgpuObject *objects, int32_t count);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_CUDA_BACKEND_H
