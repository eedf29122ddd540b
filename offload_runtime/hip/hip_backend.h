//===- hip_backend.h - The mgpu entry points over HIP -----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HIP_HIP_BACKEND_H
#define OFFLOAD_RUNTIME_HIP_HIP_BACKEND_H

#include "offload_runtime/backend.h"

#include <memory>

namespace mgpu {

/// The backend over ROCm's HIP runtime (hip/hip_runtime.h), for AMDGPU code
/// objects, or why it cannot run: no HIP runtime, or no AMD GPU.
StatusOr<std::unique_ptr<Backend>> CreateHipBackend();

/// OK where the HIP runtime's device 0 can run one of the `count` objects
/// of a gpu.binary, else why not (no HIP runtime, no AMD GPU, or no object
/// for the device's chip): with MGPU_DEVICE=auto, the next backend is tried
/// then, so that a binary without code for this AMD GPU runs elsewhere.
Status CheckHipDeviceRunsOneOf(const MgpuObject *objects, int32_t count);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_HIP_HIP_BACKEND_H
