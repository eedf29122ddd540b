//===- CudaPipelines.h - The CUDA target's pipelines ------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_PIPELINES_CUDA_CUDAPIPELINES_H
#define OFFLOAD_PIPELINES_CUDA_CUDAPIPELINES_H

namespace mlir::offload {

/// Registers offload-lower[-loops]-to-cuda and the CUDA target's part of the
/// shared pipelines, once.
void registerCudaPipelines();

} // namespace mlir::offload

#endif // OFFLOAD_PIPELINES_CUDA_CUDAPIPELINES_H
