//===- HostSubgroupMma.cpp - Warp matrix operations on the host -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/HostSubgroupMma.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-host"

using namespace mlir;

/// The element type that a lane's vector holds: signless for the signed
/// and unsigned integers of A and B (which the compute extends by their
/// signedness).
static Type getLaneElementType(gpu::MMAMatrixType type) {
  Type element = type.getElementType();
  if (auto integer = dyn_cast<IntegerType>(element))
    return IntegerType::get(type.getContext(), integer.getWidth());
  return element;
}

/// The vector<M*N x T> that each lane holds of `type`.
static VectorType getLaneVectorType(gpu::MMAMatrixType type) {
  ArrayRef<int64_t> shape = type.getShape();
  return VectorType::get({shape[0] * shape[1]}, getLaneElementType(type));
}

namespace {

/// Where a load or store of a matrix reaches: its memref's elements from
/// the first, in one dimension, from `start`, with each of the matrix's
/// elements, row-major, at its offset in `offsets`.
struct TileAccess {
  Value view;
  Value start;
  Value offsets;
  Value allLanes;
};

} // namespace

/// The access of the tile of `type` at `indices` of `memref`, whose rows
/// (columns if `transpose`) are `leadDimension` elements apart.
static TileAccess buildTileAccess(OpBuilder &b, Location loc, Value memref,
                                  ValueRange indices, int64_t leadDimension,
                                  bool transpose, gpu::MMAMatrixType type) {
  int64_t rows = type.getShape()[0], columns = type.getShape()[1];
  SmallVector<int64_t> offsets;
  offsets.reserve(rows * columns);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < columns; ++c)
      offsets.push_back(transpose ? c * leadDimension + r
                                  : r * leadDimension + c);
  int64_t reach = offsets.empty() ? 0 : *llvm::max_element(offsets) + 1;

  auto memrefType = cast<MemRefType>(memref.getType());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value start = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [index, stride] : llvm::zip_equal(indices, metadata.getStrides()))
    start = arith::AddIOp::create(b, loc, start,
                                  arith::MulIOp::create(b, loc, index, stride));
  Value extent = arith::AddIOp::create(
      b, loc, start, arith::ConstantIndexOp::create(b, loc, reach));
  auto viewType = MemRefType::get(
      {ShapedType::kDynamic}, memrefType.getElementType(),
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, {1}),
      memrefType.getMemorySpace());
  TileAccess access;
  access.view = memref::ReinterpretCastOp::create(
      b, loc, viewType, metadata.getBaseBuffer(), metadata.getOffset(),
      ValueRange{extent},
      ValueRange{arith::ConstantIndexOp::create(b, loc, 1)});
  access.start = start;
  auto offsetsType =
      VectorType::get({rows * columns}, IndexType::get(b.getContext()));
  access.offsets = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(offsetsType, ArrayRef(offsets)));
  auto maskType = VectorType::get({rows * columns}, b.getI1Type());
  access.allLanes =
      arith::ConstantOp::create(b, loc, DenseElementsAttr::get(maskType, true));
  return access;
}

/// `value` (a vector) converted from `from` to `to`, element types of the
/// same kind: extended or truncated, integers by `from`'s signedness.
static Value convertElements(OpBuilder &b, Location loc, Value value, Type from,
                             Type to) {
  auto type = cast<VectorType>(value.getType());
  Type target = type.clone(to);
  if (from == to || type.getElementType() == to)
    return value;
  if (isa<FloatType>(to)) {
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, target, value);
    return arith::TruncFOp::create(b, loc, target, value);
  }
  if (from.getIntOrFloatBitWidth() > to.getIntOrFloatBitWidth())
    return arith::TruncIOp::create(b, loc, target, value);
  if (from.isUnsignedInteger())
    return arith::ExtUIOp::create(b, loc, target, value);
  return arith::ExtSIOp::create(b, loc, target, value);
}

namespace {

struct LoadMatrixToGather : OpConversionPattern<gpu::SubgroupMmaLoadMatrixOp> {
  LoadMatrixToGather(const TypeConverter &converter, MLIRContext *context,
                     SmallVectorImpl<Operation *> &warpSynchronous)
      : OpConversionPattern(converter, context),
        warpSynchronous(warpSynchronous) {}

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaLoadMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<gpu::MMAMatrixType>(op.getRes().getType());
    VectorType laneType = getLaneVectorType(type);
    TileAccess access = buildTileAccess(rewriter, loc, adaptor.getSrcMemref(),
                                        adaptor.getIndices(),
                                        op.getLeadDimension().getSExtValue(),
                                        op.getTranspose().has_value(), type);
    Value zeros = arith::ConstantOp::create(rewriter, loc,
                                            rewriter.getZeroAttr(laneType));
    auto gather = vector::GatherOp::create(
        rewriter, loc, laneType, access.view, ValueRange{access.start},
        access.offsets, access.allLanes, zeros);
    warpSynchronous.push_back(gather);
    rewriter.replaceOp(op, gather);
    return success();
  }

  SmallVectorImpl<Operation *> &warpSynchronous;
};

struct StoreMatrixToScatter
    : OpConversionPattern<gpu::SubgroupMmaStoreMatrixOp> {
  StoreMatrixToScatter(const TypeConverter &converter, MLIRContext *context,
                       SmallVectorImpl<Operation *> &warpSynchronous)
      : OpConversionPattern(converter, context),
        warpSynchronous(warpSynchronous) {}

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaStoreMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<gpu::MMAMatrixType>(op.getSrc().getType());
    TileAccess access = buildTileAccess(rewriter, loc, adaptor.getDstMemref(),
                                        adaptor.getIndices(),
                                        op.getLeadDimension().getSExtValue(),
                                        op.getTranspose().has_value(), type);
    auto scatter = vector::ScatterOp::create(
        rewriter, loc, /*resultType=*/Type(), access.view,
        ValueRange{access.start}, access.offsets, access.allLanes,
        adaptor.getSrc());
    warpSynchronous.push_back(scatter);
    rewriter.eraseOp(op);
    return success();
  }

  SmallVectorImpl<Operation *> &warpSynchronous;
};

/// C + A * B, one fused multiply-add per k in a wider type, rounded to C's
/// type after each pair of k where C is narrower (f16): for each k, A's
/// column k spread over the rows and B's row k over the columns of an M x N
/// vector.
struct ComputeToMultiplyAdds : OpConversionPattern<gpu::SubgroupMmaComputeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaComputeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<gpu::MMAMatrixType>(op.getOpA().getType());
    auto bType = cast<gpu::MMAMatrixType>(op.getOpB().getType());
    auto cType = cast<gpu::MMAMatrixType>(op.getOpC().getType());
    int64_t rows = cType.getShape()[0], columns = cType.getShape()[1];
    int64_t depth = aType.getShape()[1];
    Type cElement = cType.getElementType();
    bool isFloat = isa<FloatType>(cElement);
    Type accumulator = rewriter.getI32Type();
    if (isFloat)
      accumulator = llvm::any_of(TypeRange{aType.getElementType(),
                                           bType.getElementType(), cElement},
                                 [](Type t) { return t.isF64(); })
                        ? rewriter.getF64Type()
                        : rewriter.getF32Type();
    Value a = convertElements(rewriter, loc, adaptor.getOpA(),
                              aType.getElementType(), accumulator);
    Value b = convertElements(rewriter, loc, adaptor.getOpB(),
                              bType.getElementType(), accumulator);
    Value sum =
        convertElements(rewriter, loc, adaptor.getOpC(), cElement, accumulator);
    SmallVector<int64_t> aColumn(rows * columns), bRow(rows * columns);
    for (int64_t k = 0; k < depth; ++k) {
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < columns; ++c) {
          aColumn[r * columns + c] = r * depth + k;
          bRow[r * columns + c] = k * columns + c;
        }
      Value aK = vector::ShuffleOp::create(rewriter, loc, a, a, aColumn);
      Value bK = vector::ShuffleOp::create(rewriter, loc, b, b, bRow);
      // llvm.intr.fma, not math.fma, which math-to-libm would split into a
      // call per element.
      sum = isFloat ? Value(LLVM::FMAOp::create(rewriter, loc, aK, bK, sum))
                    : Value(arith::AddIOp::create(
                          rewriter, loc, sum,
                          arith::MulIOp::create(rewriter, loc, aK, bK)));
      // A GPU's matrix unit adds the products of two k at a time to a
      // narrower float accumulator (f16), kept in its own type: the running
      // sum is rounded to it after each pair, which MLIR's WMMA programs
      // check (an exact 5096 is 5100 there, and rounding after each k would
      // make a CUDA program's exact 2640 2636).
      bool pairDone = k % 2 == 1 || k == depth - 1;
      if (isFloat && pairDone &&
          cElement.getIntOrFloatBitWidth() <
              accumulator.getIntOrFloatBitWidth())
        sum = convertElements(
            rewriter, loc,
            convertElements(rewriter, loc, sum, accumulator, cElement),
            cElement, accumulator);
    }
    rewriter.replaceOp(op, convertElements(rewriter, loc, sum, accumulator,
                                           getLaneElementType(cType)));
    return success();
  }
};

struct ConstantMatrixToSplat
    : OpConversionPattern<gpu::SubgroupMmaConstantMatrixOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaConstantMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(
        op, getLaneVectorType(op.getType()), adaptor.getValue());
    return success();
  }
};

struct ElementwiseToVectorOps
    : OpConversionPattern<gpu::SubgroupMmaElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange args = adaptor.getArgs();
    VectorType resultType = getLaneVectorType(op.getType());
    auto binary = [&](auto tag) -> Value {
      using OpTy = decltype(tag);
      return OpTy::create(rewriter, loc, args[0], args[1]);
    };
    Value result;
    switch (op.getOpType()) {
    case gpu::MMAElementwiseOp::ADDF:
      result = binary(arith::AddFOp());
      break;
    case gpu::MMAElementwiseOp::MULF:
      result = binary(arith::MulFOp());
      break;
    case gpu::MMAElementwiseOp::SUBF:
      result = binary(arith::SubFOp());
      break;
    case gpu::MMAElementwiseOp::MAXF:
      result = binary(arith::MaximumFOp());
      break;
    case gpu::MMAElementwiseOp::MINF:
      result = binary(arith::MinimumFOp());
      break;
    case gpu::MMAElementwiseOp::DIVF:
      result = binary(arith::DivFOp());
      break;
    case gpu::MMAElementwiseOp::ADDI:
      result = binary(arith::AddIOp());
      break;
    case gpu::MMAElementwiseOp::MULI:
      result = binary(arith::MulIOp());
      break;
    case gpu::MMAElementwiseOp::SUBI:
      result = binary(arith::SubIOp());
      break;
    case gpu::MMAElementwiseOp::DIVS:
      result = binary(arith::DivSIOp());
      break;
    case gpu::MMAElementwiseOp::DIVU:
      result = binary(arith::DivUIOp());
      break;
    case gpu::MMAElementwiseOp::NEGATEF:
      result = arith::NegFOp::create(rewriter, loc, args[0]);
      break;
    case gpu::MMAElementwiseOp::NEGATES:
      result = arith::SubIOp::create(
          rewriter, loc,
          arith::ConstantOp::create(rewriter, loc,
                                    rewriter.getZeroAttr(args[0].getType())),
          args[0]);
      break;
    case gpu::MMAElementwiseOp::EXTF:
      result = arith::ExtFOp::create(rewriter, loc, resultType, args[0]);
      break;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

/// Reports the warp matrix operations of `kernel` that the host target
/// cannot lower.
static LogicalResult checkLowerable(gpu::GPUFuncOp kernel) {
  WalkResult walked = kernel.walk([](Operation *op) {
    Value memref;
    if (auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(op))
      memref = load.getSrcMemref();
    else if (auto store = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(op))
      memref = store.getDstMemref();
    if (memref &&
        isa<VectorType>(cast<MemRefType>(memref.getType()).getElementType())) {
      op->emitError() << "the host target takes warp matrices from memrefs "
                         "of scalars only, not from "
                      << memref.getType();
      return WalkResult::interrupt();
    }
    auto constant = dyn_cast<gpu::SubgroupMmaConstantMatrixOp>(op);
    if (constant && !constant.getValue().getType().isSignlessIntOrFloat()) {
      op->emitError() << "the host target takes constant warp matrices of "
                         "signless integers and floats only, not of "
                      << constant.getValue().getType();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

LogicalResult
mlir::offload::lowerSubgroupMma(gpu::GPUFuncOp kernel,
                                SmallVectorImpl<Operation *> &warpSynchronous) {
  bool hasMatrices = false;
  kernel.walk([&](Operation *op) {
    hasMatrices |=
        isa<gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
            gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
            gpu::SubgroupMmaElementwiseOp>(op);
  });
  if (!hasMatrices)
    return success();
  if (failed(checkLowerable(kernel)))
    return failure();

  MLIRContext *context = kernel.getContext();
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion(
      [](gpu::MMAMatrixType type) -> Type { return getLaneVectorType(type); });
  ConversionTarget target(*context);
  target
      .addIllegalOp<gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
                    gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
                    gpu::SubgroupMmaElementwiseOp>();
  target.markUnknownOpDynamicallyLegal(
      [&](Operation *op) { return converter.isLegal(op); });
  RewritePatternSet patterns(context);
  patterns.add<LoadMatrixToGather, StoreMatrixToScatter>(converter, context,
                                                         warpSynchronous);
  patterns.add<ComputeToMultiplyAdds, ConstantMatrixToSplat,
               ElementwiseToVectorOps>(converter, context);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  if (failed(applyPartialConversion(kernel, target, std::move(patterns))))
    return failure();
  LLVM_DEBUG(llvm::dbgs() << "@" << kernel.getName() << ": "
                          << warpSynchronous.size()
                          << " warp matrix loads and stores\n");
  return success();
}
