//===- HostToLLVM.cpp - Host block functions to the LLVM dialect ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/HostToLLVM.h"
#include "conversion/common/ApproximatedMath.h"
#include "conversion/common/AtomicsToLLVM.h"
#include "conversion/host/HostExpansions.h"
#include "conversion/host/HostSmallFloats.h"
#include "transforms/CountedLoops.h"

#include "mlir/Analysis/CFGLoopInfo.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::offload;

namespace {

/// gpu.printf, its arguments promoted as C promotes variadic ones, as a call
/// of the C library's printf.
struct PrintfToCall : public ConvertOpToLLVMPattern<gpu::PrintfOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gpu::PrintfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<gpu::GPUModuleOp>();
    MLIRContext *context = op.getContext();
    Type ptr = LLVM::LLVMPointerType::get(context);
    Type i32 = rewriter.getI32Type();

    auto printf = module.lookupSymbol<LLVM::LLVMFuncOp>("printf");
    if (!printf) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      printf = LLVM::LLVMFuncOp::create(
          rewriter, loc, "printf",
          LLVM::LLVMFunctionType::get(i32, {ptr}, /*isVarArg=*/true));
    }

    LLVM::GlobalOp format = createStringGlobal(rewriter, module, loc,
                                               "printfFormat", op.getFormat());

    // The arguments are promoted already (promotePrintfArguments).
    SmallVector<Value> args = {
        LLVM::AddressOfOp::create(rewriter, loc, ptr, format.getSymName())};
    llvm::append_range(args, adaptor.getArgs());
    LLVM::CallOp::create(rewriter, loc, printf, args);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

LLVM::GlobalOp mlir::offload::createStringGlobal(OpBuilder &builder,
                                                 gpu::GPUModuleOp module,
                                                 Location loc, StringRef prefix,
                                                 StringRef text) {
  std::string name = prefix.str();
  for (unsigned n = 1; module.lookupSymbol(name); ++n)
    name = (prefix + "_" + Twine(n)).str();
  std::string bytes = text.str();
  bytes.push_back('\0');
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  return LLVM::GlobalOp::create(
      builder, loc, LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size()),
      /*isConstant=*/true, LLVM::Linkage::Internal, name,
      builder.getStringAttr(bytes));
}

/// Structured control flow to branches, and math to what LLVM has: the math
/// that LLVM knows (hardware instructions, or libm calls it can vectorize) as
/// intrinsics, the rest as libm calls (erf, tan, atan2, cbrt, ...), and the
/// divisions that round up or down (a block's warp count, when its size is
/// not known) as the ones LLVM has.
static LogicalResult lowerControlFlowAndMath(gpu::GPUModuleOp module) {
  MLIRContext *context = module.getContext();
  if (failed(expandForHost(module)) || failed(lowerSmallFloats(module)))
    return failure();
  countLoopsThatMayWrap(module);
  {
    RewritePatternSet patterns(context);
    populateSCFToControlFlowConversionPatterns(patterns);
    ConversionTarget target(*context);
    target.addIllegalDialect<scf::SCFDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return failure();
  }
  // Intrinsics first, so that libm gets only what LLVM does not know, and
  // the vectorizer sees calls it can map to a vector math library: the math
  // ops that math-to-llvm converts are found first (a conversion that
  // demanded every math op would convert none, failing on erf), then
  // converted, the others left. What math-to-llvm approximates stays libm's
  // (conversion/common/ApproximatedMath.h).
  {
    LLVMTypeConverter converter(context);
    RewritePatternSet patterns(context);
    populateMathToLLVMConversionPatterns(converter, patterns,
                                         /*approximateLog1p=*/false);
    FrozenRewritePatternSet frozen(std::move(patterns));
    ConversionTarget target(*context);
    target.addLegalDialect<LLVM::LLVMDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addDynamicallyLegalDialect<math::MathDialect>(
        isApproximatedByMathToLLVM);
    DenseSet<Operation *> intrinsics;
    ConversionConfig analysis;
    analysis.legalizableOps = &intrinsics;
    // On the module's ops, not the module: the analysis works on a copy of
    // the closest ancestor isolated from above of the ops it is given, which
    // for the gpu.module itself is the whole program, whose other
    // gpu.modules other threads are lowering meanwhile.
    SmallVector<Operation *> ops = llvm::to_vector(
        llvm::make_pointer_range(module.getBody()->getOperations()));
    if (!ops.empty() &&
        failed(applyAnalysisConversion(ops, target, frozen, analysis)))
      return failure();
    // Only in f32 and f64 (and vectors of them): LLVM promotes the small
    // floats' intrinsics through libcalls that no libm has
    // (__truncdfhf2); lowerSmallFloats() and libm's f32 take those.
    target.addDynamicallyLegalDialect<math::MathDialect>([&](Operation *op) {
      return isApproximatedByMathToLLVM(op) || !intrinsics.contains(op) ||
             !llvm::all_of(op->getResultTypes(), [](Type type) {
               return getElementTypeOrSelf(type).isF32() ||
                      getElementTypeOrSelf(type).isF64() ||
                      getElementTypeOrSelf(type).isInteger();
             });
    });
    if (failed(applyPartialConversion(module, target, frozen)))
      return failure();
  }
  RewritePatternSet patterns(context);
  populateMathToLibmConversionPatterns(patterns);
  arith::populateCeilFloorDivExpandOpsPatterns(patterns);
  return applyPatternsGreedily(module, std::move(patterns));
}

/// Everything but gpu.module to the LLVM dialect, leaving the casts between
/// the type converter's types and the original ones.
static LogicalResult convertToLLVMDialect(gpu::GPUModuleOp module,
                                          bool barePointers) {
  MLIRContext *context = module.getContext();
  LowerToLLVMOptions options(context);
  options.useBarePtrCallConv = barePointers;
  LLVMTypeConverter converter(context, options);
  // bf16 is bits, as the small floats are (lowerSmallFloats() took all its
  // arithmetic and conversions): a bf16 value in an LLVM register would be
  // rounded from f32 by a call of `__truncsfbf2` wherever LLVM's backend
  // legalizes it (a select), on a CPU without bf16 conversions.
  converter.addConversion([](BFloat16Type type) -> Type {
    return IntegerType::get(type.getContext(), 16);
  });
  converter.addConversion([&](VectorType type) -> std::optional<Type> {
    if (!type.getElementType().isBF16())
      return std::nullopt;
    return converter.convertType(
        type.clone(IntegerType::get(type.getContext(), 16)));
  });
  // Workgroup, private and global memory are all the CPU's memory.
  populateGpuMemorySpaceAttributeConversions(
      converter, [](gpu::AddressSpace) { return 0u; });
  RewritePatternSet patterns(context);
  arith::populateArithToLLVMConversionPatterns(converter, patterns);
  cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
  populateFuncToLLVMConversionPatterns(converter, patterns);
  populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
  populateVectorToLLVMConversionPatterns(converter, patterns);
  populateMathToLLVMConversionPatterns(converter, patterns,
                                       /*approximateLog1p=*/false);
  index::populateIndexToLLVMConversionPatterns(converter, patterns);
  ub::populateUBToLLVMConversionPatterns(converter, patterns);
  patterns.add<PrintfToCall>(converter);
  // Compare-and-swap loops of integers, as on the GPU targets.
  if (failed(checkCompareAndSwapTypes(module, converter)))
    return failure();
  populateGenericAtomicRMWToLLVMPatterns(converter, patterns);
  LLVMConversionTarget target(*context);
  target.addLegalOp<gpu::GPUModuleOp>();
  return applyPartialConversion(module, target, std::move(patterns));
}

/// A cast that reconciling could not remove is this lowering's bug: said as
/// one, at the operation that no pattern converted (beside the cast), with
/// the source's location.
static LogicalResult reportLeftoverCast(gpu::GPUModuleOp module,
                                        UnrealizedConversionCastOp cast) {
  auto isUnconverted = [](Operation *op) {
    return op && !isa<LLVM::LLVMDialect>(op->getDialect()) &&
           !isa<UnrealizedConversionCastOp>(op);
  };
  Operation *culprit = cast.getOperand(0).getDefiningOp();
  if (!isUnconverted(culprit))
    culprit = nullptr;
  for (Operation *user : cast->getUsers())
    if (!culprit && isUnconverted(user))
      culprit = user;
  Location where = culprit && !isa<UnknownLoc>(culprit->getLoc())
                       ? culprit->getLoc()
                       : module.getLoc();
  InFlightDiagnostic diag = emitError(where)
                            << "internal error of the host target: ";
  if (culprit)
    diag << "'" << culprit->getName() << "' was left unconverted";
  else
    diag << "a value of type " << cast.getOperandTypes()
         << " was left unconverted";
  return diag << " to the LLVM dialect in gpu.module @" << module.getName()
              << "; please report it";
}

/// Keeps every loop that holds a stack allocation (a `memref.alloca` of
/// dynamic size, or one whose buffer each iteration passes on, left on the
/// worker's stack) from LLVM's loop vectorizer, which takes an alloca in a
/// loop for one allocation that all the iterations of a vector share: a thread
/// loop gave threads 0 to 7 thread 7's buffer. (The same loop in C,
/// `__builtin_alloca` in a loop whose buffers outlive their iteration, is
/// miscompiled so by clang 22.) Such loops run scalar, as they would at O0.
static void keepLoopsWithAllocasScalar(gpu::GPUModuleOp module) {
  MLIRContext *context = module.getContext();
  auto scalar = LLVM::LoopAnnotationAttr::get(
      context, /*disableNonforced=*/{},
      LLVM::LoopVectorizeAttr::get(context, BoolAttr::get(context, true),
                                   /*predicateEnable=*/{},
                                   /*scalableEnable=*/{}, /*width=*/{},
                                   /*followupVectorized=*/{},
                                   /*followupEpilogue=*/{},
                                   /*followupAll=*/{}),
      LLVM::LoopInterleaveAttr::get(
          context, IntegerAttr::get(IntegerType::get(context, 32), 1)),
      /*unroll=*/{}, /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{},
      /*pipeline=*/{}, /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
  for (auto function : module.getOps<LLVM::LLVMFuncOp>()) {
    Region &body = function.getBody();
    if (body.empty() || body.hasOneBlock())
      continue;
    DominanceInfo dominance(function);
    CFGLoopInfo loops(dominance.getDomTree(&body));
    llvm::SetVector<CFGLoop *> holding;
    function.walk([&](LLVM::AllocaOp alloca) {
      for (CFGLoop *loop = loops.getLoopFor(alloca->getBlock()); loop;
           loop = loop->getParentLoop())
        holding.insert(loop);
    });
    for (CFGLoop *loop : holding) {
      SmallVector<Block *> latches;
      loop->getLoopLatches(latches);
      for (Block *latch : latches) {
        Operation *branch = latch->getTerminator();
        if (auto br = dyn_cast<LLVM::BrOp>(branch))
          br.setLoopAnnotationAttr(scalar);
        else if (auto condBr = dyn_cast<LLVM::CondBrOp>(branch))
          condBr.setLoopAnnotationAttr(scalar);
      }
    }
  }
}

LogicalResult mlir::offload::convertHostModuleToLLVM(gpu::GPUModuleOp module,
                                                     bool barePointers) {
  if (failed(lowerControlFlowAndMath(module)) ||
      failed(convertToLLVMDialect(module, barePointers)))
    return failure();
  // The dynamic shared memory's descriptor was cast to a memref and back.
  SmallVector<UnrealizedConversionCastOp> casts;
  module.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
  SmallVector<UnrealizedConversionCastOp> left;
  reconcileUnrealizedCasts(casts, &left);
  if (!left.empty())
    return reportLeftoverCast(module, left.front());
  keepLoopsWithAllocasScalar(module);
  return success();
}
