//===- TargetModel.h - A target attribute as a GPU target -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The gpu::TargetAttrInterface model that every target's attribute shares,
// so that a target is its serializer and a few lines:
//
//   struct HostTarget {
//     using Attr = HostTargetAttr;
//     static constexpr llvm::StringLiteral name = "#offload.host";
//     static void initializeBackends();   // LLVM's backends, run once
//     static std::optional<SmallVector<char, 0>>
//     serialize(gpu::GPUModuleOp module, HostTargetAttr target,
//               const gpu::TargetOptions &options);
//   };
//
//   void registerHostTargetInterfaceExternalModels(DialectRegistry &r) {
//     registerTargetModel<HostTarget>(r);
//   }
//
// `serialize` returns the object, or nothing after an error at the module.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_TARGETMODEL_H
#define OFFLOAD_TARGET_COMMON_TARGETMODEL_H

#include "dialects/LLVMBackends.h"
#include "dialects/OffloadDialect.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/DialectRegistry.h"

#include <mutex>
#include <optional>

namespace mlir::offload {

namespace detail {
/// `op` as the gpu.module to compile, or null after an error at `op`: each
/// target compiles gpu.module ops only.
gpu::GPUModuleOp getModuleToCompile(Operation *op, StringRef targetName);

/// The #gpu.object of `object`, compiled from `module` for `target` in the
/// format `options` ask for, with the module's kernels.
Attribute createObjectAttr(Attribute target, Operation *module,
                           ArrayRef<char> object,
                           const gpu::TargetOptions &options);
} // namespace detail

/// gpu::TargetAttrInterface for `Target::Attr`, compiled by `Target`
/// (see the top of this file).
template <typename Target>
class TargetModel
    : public gpu::TargetAttrInterface::FallbackModel<TargetModel<Target>> {
public:
  std::optional<SmallVector<char, 0>>
  serializeToObject(Attribute attribute, Operation *module,
                    const gpu::TargetOptions &options) const {
    gpu::GPUModuleOp gpuModule =
        detail::getModuleToCompile(module, Target::name);
    if (!gpuModule)
      return std::nullopt;
    // Modules compile on several threads at once (offload-module-to-binary).
    static std::once_flag backendsInitialized;
    std::call_once(backendsInitialized,
                   [] { registerLLVMBackends(Target::initializeBackends); });
    return Target::serialize(gpuModule, cast<typename Target::Attr>(attribute),
                             options);
  }

  Attribute createObject(Attribute attribute, Operation *module,
                         const SmallVector<char, 0> &object,
                         const gpu::TargetOptions &options) const {
    return detail::createObjectAttr(attribute, module, object, options);
  }
};

/// Makes `Target::Attr` a gpu::TargetAttrInterface in every context made
/// with `registry`, as upstream's register*TargetInterfaceExternalModels do.
template <typename Target> void registerTargetModel(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, OffloadDialect *) {
    Target::Attr::template attachInterface<TargetModel<Target>>(*context);
  });
}

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_COMMON_TARGETMODEL_H
