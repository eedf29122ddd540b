//===- RocdlUnsupported.h - What has no meaning on AMD GPUs -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_ROCDL_ROCDLUNSUPPORTED_H
#define OFFLOAD_CONVERSION_ROCDL_ROCDLUNSUPPORTED_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Fails, with one error at the first op of `module` that our CUDA path
/// takes but that has no meaning on AMD GPUs (NVIDIA's intrinsics: nvgpu's
/// TMA, warpgroup MMA and asynchronous copies, NVVM ops; the gpu dialect's
/// thread block clusters and WMMA; a heap allocation in a kernel; an
/// all_reduce that the workgroup reduction cannot take), naming the op and
/// saying why; or at a kernel whose known block size no AMD GPU runs.
LogicalResult checkRocdlSupported(gpu::GPUModuleOp module);

/// Rewrites each cf.assert in `module` into what a GPU's assert does: when
/// it fails, print the line of AssertReport.h through the device libraries'
/// printf, then trap, which ends the launch with an error.
void lowerAssertsToTraps(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_ROCDL_ROCDLUNSUPPORTED_H
