//===- RocmTarget.h - #offload.rocm as a GPU target -------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_ROCM_ROCMTARGET_H
#define OFFLOAD_TARGET_ROCM_ROCMTARGET_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// Makes #offload.rocm a gpu::TargetAttrInterface, so that
/// gpu-module-to-binary compiles the gpu.modules that list it for AMD GPUs.
void registerRocmTargetInterfaceExternalModels(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_ROCM_ROCMTARGET_H
