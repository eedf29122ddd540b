//===- NvvmTargetMapping.h - #nvvm.target as #offload.cuda ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_CUDA_NVVMTARGETMAPPING_H
#define OFFLOAD_DIALECTS_CUDA_NVVMTARGETMAPPING_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// Attaches UpstreamTargetAttrInterface to upstream's #nvvm.target.
void registerNvvmTargetMapping(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_CUDA_NVVMTARGETMAPPING_H
