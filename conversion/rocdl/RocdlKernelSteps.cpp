//===- RocdlKernelSteps.cpp - What convert-gpu-to-rocdl leaves to us -----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/rocdl/RocdlKernelSteps.h"

#include "mgpu/mgpu.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToROCDL/MathToROCDL.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

void mlir::offload::rewriteXorShufflesAsIndexed(gpu::GPUModuleOp module) {
  SmallVector<gpu::ShuffleOp> shuffles;
  module.walk([&](gpu::ShuffleOp op) {
    if (op.getMode() == gpu::ShuffleMode::XOR)
      shuffles.push_back(op);
  });
  for (gpu::ShuffleOp op : shuffles) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    Value lane = arith::IndexCastOp::create(
        b, loc, b.getI32Type(),
        gpu::LaneIdOp::create(b, loc, /*upper_bound=*/nullptr));
    Value source = arith::XOrIOp::create(b, loc, lane, op.getOffset());
    auto indexed = gpu::ShuffleOp::create(b, loc, op.getValue(), source,
                                          op.getWidth(), gpu::ShuffleMode::IDX);
    op.replaceAllUsesWith(indexed.getResults());
    op.erase();
  }
}

LogicalResult mlir::offload::lowerRemainingMathToLLVM(gpu::GPUModuleOp module) {
  LLVMTypeConverter converter(module.getContext());
  RewritePatternSet patterns(module.getContext());
  populateMathToLLVMConversionPatterns(converter, patterns);
  ConversionTarget target(*module.getContext());
  target.addLegalDialect<LLVM::LLVMDialect>();
  target.addIllegalDialect<math::MathDialect>();
  return applyPartialConversion(module, target, std::move(patterns));
}

void mlir::offload::widenDimensionQueries(gpu::GPUModuleOp module) {
  SmallVector<Operation *> queries;
  module.walk([&](Operation *op) {
    if (isa<ROCDL::BlockDimXOp, ROCDL::BlockDimYOp, ROCDL::BlockDimZOp,
            ROCDL::GridDimXOp, ROCDL::GridDimYOp, ROCDL::GridDimZOp>(op) &&
        !op->getResult(0).getType().isInteger(64))
      queries.push_back(op);
  });
  for (Operation *op : queries) {
    OpBuilder b(op);
    // The same query with its attributes (a range stays as it is: the
    // translation widens it to 64 bits itself).
    OperationState state(op->getLoc(), op->getName());
    state.addAttributes(op->getAttrs());
    state.addTypes(b.getI64Type());
    Operation *wide = b.create(state);
    Value narrow = LLVM::TruncOp::create(
        b, op->getLoc(), op->getResult(0).getType(), wide->getResult(0));
    op->getResult(0).replaceAllUsesWith(narrow);
    op->erase();
  }
}

void mlir::offload::allowEveryBlockSize(gpu::GPUModuleOp module) {
  auto *rocdl = module.getContext()->getLoadedDialect<ROCDL::ROCDLDialect>();
  auto helper = rocdl->getFlatWorkGroupSizeAttrHelper();
  auto everySize = StringAttr::get(module.getContext(),
                                   "1," + Twine(MGPU_MAX_BLOCK_THREADS));
  module.walk([&](LLVM::LLVMFuncOp function) {
    if (rocdl->getKernelAttrHelper().isAttrPresent(function) &&
        !helper.isAttrPresent(function))
      helper.setAttr(function, everySize);
  });
}

LogicalResult mlir::offload::lowerMathToDeviceLibraries(gpu::GPUModuleOp module,
                                                        StringRef chip) {
  FailureOr<amdgpu::Chipset> chipset = amdgpu::Chipset::parse(chip);
  LLVMTypeConverter converter(module.getContext());
  RewritePatternSet patterns(module.getContext());
  populateMathToROCDLConversionPatterns(
      converter, patterns,
      succeeded(chipset) ? std::optional(*chipset) : std::nullopt);
  ConversionTarget target(*module.getContext());
  target.addLegalDialect<LLVM::LLVMDialect>();
  return applyPartialConversion(module, target, std::move(patterns));
}

/// AMDGPU's private (scratch) memory.
static constexpr unsigned kPrivateAddressSpace = 5;

void mlir::offload::moveAllocasToPrivateMemory(gpu::GPUModuleOp module) {
  SmallVector<LLVM::AllocaOp> allocas;
  module.walk([&](LLVM::AllocaOp alloca) {
    if (alloca.getType().getAddressSpace() != kPrivateAddressSpace)
      allocas.push_back(alloca);
  });
  for (LLVM::AllocaOp alloca : allocas) {
    OpBuilder b(alloca);
    auto privatePtr =
        LLVM::LLVMPointerType::get(b.getContext(), kPrivateAddressSpace);
    auto moved = LLVM::AllocaOp::create(
        b, alloca.getLoc(), privatePtr, alloca.getElemType(),
        alloca.getArraySize(), alloca.getAlignment().value_or(0));
    Value generic = LLVM::AddrSpaceCastOp::create(b, alloca.getLoc(),
                                                  alloca.getType(), moved);
    alloca.replaceAllUsesWith(generic);
    alloca.erase();
  }
}
