//===- RocmPipelines.h - The ROCm target's pipelines ------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_PIPELINES_ROCM_ROCMPIPELINES_H
#define OFFLOAD_PIPELINES_ROCM_ROCMPIPELINES_H

namespace mlir::offload {

/// Registers offload-lower[-loops]-to-rocm and the ROCm target's part of the
/// shared pipelines, once.
void registerRocmPipelines();

} // namespace mlir::offload

#endif // OFFLOAD_PIPELINES_ROCM_ROCMPIPELINES_H
