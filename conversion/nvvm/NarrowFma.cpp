//===- NarrowFma.cpp - f16 and bf16 fma rounded once, for NVVM ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/nvvm/NarrowFma.h"

#include "mlir/Conversion/ArithCommon/AttrToLLVMConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

void mlir::offload::lowerNarrowFmaForNvvm(gpu::GPUModuleOp module) {
  module.walk([](math::FmaOp fma) {
    Type element = getElementTypeOrSelf(fma.getType());
    if (!element.isF16() && !element.isBF16())
      return;
    OpBuilder b(fma);
    auto fused = LLVM::FMAOp::create(
        b, fma.getLoc(), fma.getA(), fma.getB(), fma.getC(),
        arith::convertArithFastMathAttrToLLVM(fma.getFastmathAttr()));
    fma.replaceAllUsesWith(fused.getResult());
    fma.erase();
  });
}
