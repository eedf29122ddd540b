//===- AtomicsToLLVM.cpp - Atomics that LLVM has no instruction for -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// offload-lower-atomics: the patterns of AtomicsToLLVM.h, for the lowerings
// whose conversion to the LLVM dialect is an upstream pass, which takes no
// pattern of ours: run just before it, with the type conversions it makes
// (KernelLoweringAttrInterface::configureLLVMTypeConverter).
//
//===----------------------------------------------------------------------===//

#include "conversion/common/AtomicsToLLVM.h"
#include "conversion/Passes.h"

#include "dialects/KernelLowering.h"

#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-atomics"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERATOMICS
#include "conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {

/// An atomic multiplication, which LLVM's atomicrmw has no operation for, as
/// a compare-and-swap loop around MLIR's own multiplication.
struct ExpandAtomicMultiply : OpRewritePattern<memref::AtomicRMWOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::AtomicRMWOp op,
                                PatternRewriter &rewriter) const override {
    arith::AtomicRMWKind kind = op.getKind();
    if (kind != arith::AtomicRMWKind::muli &&
        kind != arith::AtomicRMWKind::mulf)
      return rewriter.notifyMatchFailure(op, "LLVM's atomicrmw has the kind");
    Location loc = op.getLoc();
    auto generic = memref::GenericAtomicRMWOp::create(
        rewriter, loc, op.getMemref(), op.getIndices());
    OpBuilder body = OpBuilder::atBlockEnd(generic.getBody());
    memref::AtomicYieldOp::create(
        body, loc,
        arith::getReductionOp(kind, body, loc, generic.getCurrentValue(),
                              op.getValue()));
    rewriter.replaceOp(op, generic.getResult());
    return success();
  }
};

/// The integer type that a compare-and-swap of `element` (an LLVM type)
/// compares, or null where LLVM has none: cmpxchg takes integers of 8, 16,
/// 32 and 64 bits.
Type getCompareAndSwapType(Type element) {
  if (!element || !element.isIntOrFloat())
    return nullptr;
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return nullptr;
  return IntegerType::get(element.getContext(), bits);
}

///   init:  %bits0 = llvm.load %ptr : iN
///          llvm.br ^loop(%bits0)
///   loop(%bits): %current = <%bits as the element> ; <body, whose yield
///          of %new becomes:>
///          %pair = llvm.cmpxchg %ptr, %bits, <%new as iN>
///          llvm.cond_br %pair[1], ^end, ^loop(%pair[0])
///   end:   <what followed the op>, its result %current
struct GenericAtomicRMWToCompareAndSwap
    : ConvertOpToLLVMPattern<memref::GenericAtomicRMWOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(memref::GenericAtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType memrefType = op.getMemref().getType();
    Type elementType = memrefType.getElementType();
    Type llvmElement = getTypeConverter()->convertType(elementType);
    Type bitsType = getCompareAndSwapType(llvmElement);
    if (!bitsType || !getTypeConverter()->convertType(memrefType))
      return rewriter.notifyMatchFailure(op, "no compare-and-swap for it");
    // The loop's blocks need a region that may hold several.
    if (op->getParentOp()->hasTrait<OpTrait::SingleBlock>())
      return rewriter.notifyMatchFailure(op, "in a region of one block");
    Location loc = op.getLoc();
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": a compare-and-swap loop of "
                            << bitsType << " at " << loc << "\n");

    Block *initBlock = rewriter.getInsertionBlock();
    Block *endBlock =
        rewriter.splitBlock(initBlock, std::next(Block::iterator(op)));
    Block *loopBlock = rewriter.createBlock(endBlock, {bitsType}, {loc});

    rewriter.setInsertionPoint(op);
    Value pointer = getStridedElementPtr(
        rewriter, loc, memrefType, adaptor.getMemref(), adaptor.getIndices());
    Value initial = LLVM::LoadOp::create(rewriter, loc, bitsType, pointer);
    LLVM::BrOp::create(rewriter, loc, initial, loopBlock);

    rewriter.setInsertionPointToStart(loopBlock);
    Value bits = loopBlock->getArgument(0);
    Value current = fromBits(rewriter, loc, bits, llvmElement, elementType);
    // The body goes into the loop whole: it holds several blocks where the
    // structured control flow in it is lowered already (on the host).
    Region &body = op.getAtomicBody();
    IRMapping mapping;
    rewriter.cloneRegionBefore(body, *endBlock->getParent(),
                               endBlock->getIterator(), mapping);
    SmallVector<memref::AtomicYieldOp> yields;
    for (Block &block : body)
      if (auto yield = dyn_cast<memref::AtomicYieldOp>(
              mapping.lookup(&block)->getTerminator()))
        yields.push_back(yield);
    rewriter.mergeBlocks(mapping.lookup(&body.front()), loopBlock, current);
    for (memref::AtomicYieldOp yield : yields) {
      rewriter.setInsertionPoint(yield);
      Value updated =
          toBits(rewriter, loc, yield.getResult(), llvmElement, bitsType);
      auto exchange = LLVM::AtomicCmpXchgOp::create(
          rewriter, loc, pointer, bits, updated, LLVM::AtomicOrdering::acq_rel,
          LLVM::AtomicOrdering::monotonic);
      Value seen = LLVM::ExtractValueOp::create(rewriter, loc, exchange, 0);
      Value swapped = LLVM::ExtractValueOp::create(rewriter, loc, exchange, 1);
      rewriter.replaceOpWithNewOp<LLVM::CondBrOp>(
          yield, swapped, endBlock, ValueRange(), loopBlock, ValueRange{seen});
    }
    // The value the update replaced: the one that the successful cmpxchg
    // compared with.
    rewriter.replaceOp(op, current);
    return success();
  }

private:
  /// `bits` (an integer) as a value of the op's element type, through the
  /// element's LLVM type.
  Value fromBits(OpBuilder &b, Location loc, Value bits, Type llvmElement,
                 Type elementType) const {
    Value value = bits;
    if (llvmElement != bits.getType())
      value = LLVM::BitcastOp::create(b, loc, llvmElement, bits);
    if (elementType != llvmElement)
      value = getTypeConverter()->materializeSourceConversion(
          b, loc, elementType, value);
    return value;
  }

  /// `value` (of the op's element type) as the integer of its bits.
  Value toBits(OpBuilder &b, Location loc, Value value, Type llvmElement,
               Type bitsType) const {
    if (value.getType() != llvmElement)
      value = getTypeConverter()->materializeTargetConversion(
          b, loc, llvmElement, value);
    if (llvmElement != bitsType)
      value = LLVM::BitcastOp::create(b, loc, bitsType, value);
    return value;
  }
};

} // namespace

void mlir::offload::populateExpandAtomicRMWPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ExpandAtomicMultiply>(patterns.getContext());
}

void mlir::offload::populateGenericAtomicRMWToLLVMPatterns(
    const LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<GenericAtomicRMWToCompareAndSwap>(converter, /*benefit=*/2);
}

LogicalResult
mlir::offload::checkCompareAndSwapTypes(Operation *root,
                                        const LLVMTypeConverter &converter) {
  WalkResult result = root->walk([&](Operation *op) {
    auto generic = dyn_cast<memref::GenericAtomicRMWOp>(op);
    auto rmw = dyn_cast<memref::AtomicRMWOp>(op);
    if (!generic && !(rmw && (rmw.getKind() == arith::AtomicRMWKind::muli ||
                              rmw.getKind() == arith::AtomicRMWKind::mulf)))
      return WalkResult::advance();
    Type element = cast<MemRefType>(op->getOperand(generic ? 0 : 1).getType())
                       .getElementType();
    if (getCompareAndSwapType(converter.convertType(element)))
      return WalkResult::advance();
    op->emitError() << "'" << op->getName() << "' of " << element
                    << " has no compare-and-swap loop in LLVM, whose "
                       "cmpxchg takes elements of 8, 16, 32 or 64 bits";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Gives `converter` the memory spaces of the upstream conversion that
/// `module`'s lowering ends with, so that the memref descriptors that the
/// loops take are the ones that conversion makes.
static LogicalResult addMemorySpaces(LLVMTypeConverter &converter,
                                     gpu::GPUModuleOp module) {
  FailureOr<KernelLoweringAttrInterface> lowering = getModuleLowering(module);
  if (failed(lowering))
    return failure();
  if (succeeded(lowering->configureLLVMTypeConverter(converter)))
    return success();
  return emitError(module.getLoc())
         << "offload-lower-atomics prepares gpu.module @" << module.getName()
         << " for an upstream conversion to the LLVM dialect, and "
         << lowering->describeLowering()
         << " runs none: it lowers these atomics itself";
}

/// Puts each memref.generic_atomic_rmw of `root` that sits in a region of
/// one block (an scf.if's, an scf.for's) into an scf.execute_region of its
/// own, whose region may hold the blocks of its compare-and-swap loop; the
/// lowering of structured control flow after the pass inlines it. Its body
/// keeps its structured control flow: lowered before, it would leave the
/// op a body of several blocks, which does not verify.
static void giveGenericAtomicsRoomForLoops(Operation *root) {
  SmallVector<memref::GenericAtomicRMWOp> atomics;
  root->walk([&](memref::GenericAtomicRMWOp op) {
    if (op->getParentOp()->hasTrait<OpTrait::SingleBlock>())
      atomics.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (memref::GenericAtomicRMWOp op : atomics) {
    rewriter.setInsertionPoint(op);
    auto room = scf::ExecuteRegionOp::create(rewriter, op.getLoc(),
                                             op->getResultTypes());
    Block *block = rewriter.createBlock(&room.getRegion());
    rewriter.moveOpBefore(op, block, block->end());
    rewriter.setInsertionPointToEnd(block);
    auto yield = scf::YieldOp::create(rewriter, op.getLoc(), op.getResult());
    rewriter.replaceAllUsesExcept(op.getResult(), room.getResult(0), yield);
  }
}

namespace {
struct LowerAtomicsPass
    : public offload::impl::OffloadLowerAtomicsBase<LowerAtomicsPass> {
  using Base::Base;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    // The index width and data layout of upstream's conversion too.
    LowerToLLVMOptions options(context, DataLayout(cast<DataLayoutOpInterface>(
                                            module.getOperation())));
    options.overrideIndexBitwidth(indexBitwidth);
    LLVMTypeConverter converter(context, options);
    if (failed(addMemorySpaces(converter, module)) ||
        failed(checkCompareAndSwapTypes(module, converter)))
      return signalPassFailure();
    RewritePatternSet expansions(context);
    populateExpandAtomicRMWPatterns(expansions);
    if (failed(applyPatternsGreedily(module, std::move(expansions))))
      return signalPassFailure();
    giveGenericAtomicsRoomForLoops(module);

    RewritePatternSet patterns(context);
    populateGenericAtomicRMWToLLVMPatterns(converter, patterns);
    ConversionTarget target(*context);
    target.addIllegalOp<memref::GenericAtomicRMWOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
