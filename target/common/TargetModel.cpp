//===- TargetModel.cpp - A target attribute as a GPU target ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/TargetModel.h"

#include "target/common/KernelTable.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

gpu::GPUModuleOp mlir::offload::detail::getModuleToCompile(Operation *op,
                                                           StringRef name) {
  auto module = dyn_cast<gpu::GPUModuleOp>(op);
  if (!module)
    op->emitError() << name << " compiles gpu.module ops only";
  return module;
}

Attribute
mlir::offload::detail::createObjectAttr(Attribute target, Operation *module,
                                        ArrayRef<char> object,
                                        const gpu::TargetOptions &options) {
  Builder builder(target.getContext());
  return gpu::ObjectAttr::get(
      target, options.getCompilationTarget(),
      builder.getStringAttr(StringRef(object.data(), object.size())),
      /*properties=*/nullptr, getKernelTable(cast<gpu::GPUModuleOp>(module)));
}
