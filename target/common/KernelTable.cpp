//===- KernelTable.cpp - The kernels of a compiled gpu.module -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/KernelTable.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

gpu::KernelTableAttr mlir::offload::getKernelTable(gpu::GPUModuleOp module) {
  SmallVector<gpu::KernelMetadataAttr> kernels;
  for (auto function : module.getOps<LLVM::LLVMFuncOp>()) {
    if (function->hasAttr(gpu::GPUDialect::getKernelFuncAttrName()) ||
        function->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      kernels.push_back(gpu::KernelMetadataAttr::get(function));
  }
  return gpu::KernelTableAttr::get(module.getContext(), kernels);
}
