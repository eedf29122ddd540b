//===- CudaTargetAttr.h - #offload.cuda -------------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_CUDA_CUDATARGETATTR_H
#define OFFLOAD_DIALECTS_CUDA_CUDATARGETATTR_H

#include "dialects/OffloadDialect.h"
#include "dialects/cuda/CudaChips.h"

#define GET_ATTRDEF_CLASSES
#include "dialects/cuda/CudaTargetAttr.h.inc"

namespace mlir {
class DialectRegistry;

namespace offload {

/// Adds #offload.cuda to the offload dialect when the dialect loads. Whatever
/// attaches a model to the attribute registers it first.
void registerCudaTargetAttr(DialectRegistry &registry);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_DIALECTS_CUDA_CUDATARGETATTR_H
