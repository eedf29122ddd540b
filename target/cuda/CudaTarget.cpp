//===- CudaTarget.cpp - #offload.cuda as a GPU target ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/cuda/CudaTarget.h"

#include "dialects/OffloadDialect.h"
#include "target/common/KernelTable.h"
#include "target/cuda/CudaSerializer.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/TargetSelect.h"

#include <mutex>

using namespace mlir;
using namespace mlir::offload;

namespace {
struct CudaTargetAttrImpl
    : public gpu::TargetAttrInterface::FallbackModel<CudaTargetAttrImpl> {
  std::optional<SmallVector<char, 0>>
  serializeToObject(Attribute attribute, Operation *module,
                    const gpu::TargetOptions &options) const;

  Attribute createObject(Attribute attribute, Operation *module,
                         const SmallVector<char, 0> &object,
                         const gpu::TargetOptions &options) const;
};
} // namespace

static void initializeNVPTXBackend() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

std::optional<SmallVector<char, 0>>
CudaTargetAttrImpl::serializeToObject(Attribute attribute, Operation *module,
                                      const gpu::TargetOptions &options) const {
  auto gpuModule = dyn_cast<gpu::GPUModuleOp>(module);
  if (!gpuModule) {
    module->emitError("#offload.cuda compiles gpu.module ops only");
    return std::nullopt;
  }
  initializeNVPTXBackend();
  cuda::CudaSerializer serializer(gpuModule, cast<CudaTargetAttr>(attribute),
                                  options);
  return serializer.run();
}

Attribute
CudaTargetAttrImpl::createObject(Attribute attribute, Operation *module,
                                 const SmallVector<char, 0> &object,
                                 const gpu::TargetOptions &options) const {
  Builder builder(attribute.getContext());
  return gpu::ObjectAttr::get(
      attribute, options.getCompilationTarget(),
      builder.getStringAttr(StringRef(object.data(), object.size())),
      /*properties=*/nullptr, getKernelTable(cast<gpu::GPUModuleOp>(module)));
}

void mlir::offload::registerCudaTargetInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, OffloadDialect *dialect) {
    CudaTargetAttr::attachInterface<CudaTargetAttrImpl>(*context);
  });
}
