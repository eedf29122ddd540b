//===- HostTarget.h - #offload.host as a GPU target -------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_HOST_HOSTTARGET_H
#define OFFLOAD_TARGET_HOST_HOSTTARGET_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// Makes #offload.host a gpu::TargetAttrInterface, so that
/// gpu-module-to-binary compiles the gpu.modules that list it for the CPU.
void registerHostTargetInterfaceExternalModels(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_HOST_HOSTTARGET_H
