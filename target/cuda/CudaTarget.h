//===- CudaTarget.h - #offload.cuda as a GPU target -------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_CUDA_CUDATARGET_H
#define OFFLOAD_TARGET_CUDA_CUDATARGET_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// Makes #offload.cuda a gpu::TargetAttrInterface, so that
/// gpu-module-to-binary compiles the gpu.modules that list it.
void registerCudaTargetInterfaceExternalModels(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_CUDA_CUDATARGET_H
