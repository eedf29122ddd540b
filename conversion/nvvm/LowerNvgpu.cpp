//===- LowerNvgpu.cpp - nvgpu to NVVM beside asynchronous tokens ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/nvvm/Passes.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-nvgpu"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERNVGPU
#include "conversion/nvvm/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

/// The type conversions of upstream's convert-nvgpu-to-nvvm pass, which
/// keeps them to itself: what its patterns expect each nvgpu type to become.
static void addNvgpuTypeConversions(LLVMTypeConverter &converter) {
  MLIRContext *context = &converter.getContext();
  nvgpu::populateCommonGPUTypeAndAttributeConversions(converter);
  // Device-side async tokens are dropped: an i32 stands in for them.
  converter.addConversion([&converter, context](nvgpu::DeviceAsyncTokenType) {
    return converter.convertType(IntegerType::get(context, 32));
  });
  converter.addConversion(
      [&converter,
       context](nvgpu::WarpgroupAccumulatorType type) -> std::optional<Type> {
        VectorType fragmented = type.getFragmented();
        Type element = fragmented.getElementType();
        unsigned members;
        if (element.isF32() || element.isInteger(32))
          members = fragmented.getDimSize(1) / 2;
        else if (element.isF16())
          members = fragmented.getDimSize(1) / 4;
        else
          return std::nullopt;
        auto inner = LLVM::LLVMStructType::getLiteral(
            context, SmallVector<Type>(members, element));
        SmallVector<Type> body;
        for (int64_t row = 0; row < fragmented.getDimSize(0);
             row += kWgmmaSizeM)
          body.push_back(inner);
        return converter.convertType(
            LLVM::LLVMStructType::getLiteral(context, body));
      });
  converter.addConversion([&converter, context](nvgpu::MBarrierTokenType) {
    return converter.convertType(IntegerType::get(context, 64));
  });
  converter.addConversion(
      [&converter, context](nvgpu::WarpgroupMatrixDescriptorType) {
        return converter.convertType(IntegerType::get(context, 64));
      });
  converter.addConversion([&converter, context](nvgpu::MBarrierGroupType type) {
    return converter.convertType(nvgpu::getMBarrierMemrefType(context, type));
  });
  converter.addConversion([context](nvgpu::TensorMapDescriptorType) {
    return LLVM::LLVMPointerType::get(context);
  });
}

namespace {
struct LowerNvgpuPass
    : public offload::impl::OffloadLowerNvgpuBase<LowerNvgpuPass> {
  void runOnOperation() override {
    bool any = false;
    getOperation().walk([&](Operation *op) {
      any |= isa<nvgpu::NVGPUDialect>(op->getDialect());
      return any ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (!any)
      return;

    MLIRContext *context = &getContext();
    LLVMTypeConverter converter(context, LowerToLLVMOptions(context));
    addNvgpuTypeConversions(converter);
    // Tokens of host code stay tokens; gpu-to-llvm lowers them later.
    converter.addConversion([](gpu::AsyncTokenType type) { return type; });

    RewritePatternSet patterns(context);
    populateNVGPUToNVVMConversionPatterns(converter, patterns);
    LLVMConversionTarget target(*context);
    target.addLegalDialect<arith::ArithDialect, memref::MemRefDialect,
                           NVVM::NVVMDialect, vector::VectorDialect>();
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    LLVM_DEBUG(llvm::dbgs() << "lowering nvgpu operations\n");
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
