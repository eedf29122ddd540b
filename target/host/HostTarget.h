//===- HostTarget.h - #offload.host as a GPU target -------------*- C++ -*-===//
//
// Part of mlir-offload.
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
