//===- CudaObjects.h - #offload.cuda's objects for the runtime --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSLATION_CUDA_CUDAOBJECTS_H
#define OFFLOAD_TRANSLATION_CUDA_CUDAOBJECTS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// Attaches EmbeddedObjectAttrInterface to #offload.cuda.
void registerCudaEmbeddedObjects(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_TRANSLATION_CUDA_CUDAOBJECTS_H
