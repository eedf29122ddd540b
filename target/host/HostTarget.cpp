//===- HostTarget.cpp - #offload.host as a GPU target ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/host/HostTarget.h"

#include "dialects/OffloadDialect.h"
#include "target/common/KernelTable.h"
#include "target/host/HostSerializer.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/TargetSelect.h"

#include <mutex>

using namespace mlir;
using namespace mlir::offload;

namespace {
struct HostTargetAttrImpl
    : public gpu::TargetAttrInterface::FallbackModel<HostTargetAttrImpl> {
  std::optional<SmallVector<char, 0>>
  serializeToObject(Attribute attribute, Operation *module,
                    const gpu::TargetOptions &options) const;

  Attribute createObject(Attribute attribute, Operation *module,
                         const SmallVector<char, 0> &object,
                         const gpu::TargetOptions &options) const;
};
} // namespace

/// The CPU targets host objects are made for.
static void initializeCpuBackends() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
    LLVMInitializeAArch64TargetInfo();
    LLVMInitializeAArch64Target();
    LLVMInitializeAArch64TargetMC();
    LLVMInitializeAArch64AsmPrinter();
  });
}

std::optional<SmallVector<char, 0>>
HostTargetAttrImpl::serializeToObject(Attribute attribute, Operation *module,
                                      const gpu::TargetOptions &options) const {
  auto gpuModule = dyn_cast<gpu::GPUModuleOp>(module);
  if (!gpuModule) {
    module->emitError("#offload.host compiles gpu.module ops only");
    return std::nullopt;
  }
  // As #nvvm.target wants convert-gpu-to-nvvm first.
  for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>()) {
    kernel.emitError() << "gpu.module @" << gpuModule.getName()
                       << " is not lowered for the host: run "
                          "offload-lower-gpu-to-host on it first";
    return std::nullopt;
  }
  initializeCpuBackends();
  auto target = cast<HostTargetAttr>(attribute);
  FailureOr<host::HostMachine> machine =
      host::resolveHostMachine(gpuModule, target);
  if (failed(machine))
    return std::nullopt;
  host::HostSerializer serializer(gpuModule, target, *machine, options);
  return serializer.run();
}

Attribute
HostTargetAttrImpl::createObject(Attribute attribute, Operation *module,
                                 const SmallVector<char, 0> &object,
                                 const gpu::TargetOptions &options) const {
  Builder builder(attribute.getContext());
  return gpu::ObjectAttr::get(
      attribute, options.getCompilationTarget(),
      builder.getStringAttr(StringRef(object.data(), object.size())),
      /*properties=*/nullptr, getKernelTable(cast<gpu::GPUModuleOp>(module)));
}

void mlir::offload::registerHostTargetInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, OffloadDialect *dialect) {
    HostTargetAttr::attachInterface<HostTargetAttrImpl>(*context);
  });
}
