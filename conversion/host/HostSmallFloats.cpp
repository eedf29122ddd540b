//===- HostSmallFloats.cpp - Floats the CPU has no arithmetic for ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/HostSmallFloats.h"

#include "conversion/host/HostExpansions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

/// A float of 8 bits or fewer, which LLVM has no type for.
static bool isSmallFloat(Type type) {
  auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  return element && element.getWidth() <= 8;
}

/// `value` (an APFloat of any semantics) converted to `semantics`, to
/// nearest, ties to even. A NaN is the quiet NaN of its sign: APFloat gives
/// f8E8M0FNU's NaN, which has no significand bits, the encoding of infinity
/// in f32.
static APFloat convert(APFloat value, const llvm::fltSemantics &semantics) {
  if (value.isNaN())
    return APFloat::getQNaN(semantics, value.isNegative());
  bool losesInfo;
  (void)value.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  return value;
}

/// The encoding of `value` rounded to `semantics`.
static uint64_t encode(const APFloat &value,
                       const llvm::fltSemantics &semantics) {
  return convert(value, semantics).bitcastToAPInt().getZExtValue();
}

namespace {

/// The tables of one module, each made once.
class FloatTables {
public:
  explicit FloatTables(gpu::GPUModuleOp module)
      : module(module), symbols(module) {}

  /// memref<2^N x to>: the value of each encoding of `from` (N bits), in `to`.
  Value getValues(OpBuilder &b, Location loc, FloatType from, FloatType to);

  /// What rounding to `to` needs: `midpoints`, memref<L x f64> (L a power of
  /// two), the `count` K midpoints between `to`'s non-negative finite values
  /// (the last one above its largest, where rounding overflows) in ascending
  /// order and +inf after them; and `codes`, memref<4 (K + 1) x i8>, the
  /// encodings that APFloat rounds to: inside each of the K + 1 regions that
  /// the midpoints bound and at each midpoint, for a positive value and for
  /// a negative one; and the encodings of NaN, infinity and zero, of either
  /// sign (f8E8M0FNU, which has no zero, rounds -0 and the negative values
  /// of its smallest one's region apart).
  struct Rounding {
    Value midpoints, codes;
    int64_t count, length;
    uint64_t nan, negativeNan, inf, negativeInf, zero, negativeZero;
  };
  Rounding getRounding(OpBuilder &b, Location loc, FloatType to);

private:
  Value getGlobal(OpBuilder &b, Location loc, StringRef name,
                  DenseElementsAttr values);

  gpu::GPUModuleOp module;
  SymbolTable symbols;
  llvm::StringMap<memref::GlobalOp> globals;
};

} // namespace

Value FloatTables::getGlobal(OpBuilder &b, Location loc, StringRef name,
                             DenseElementsAttr values) {
  memref::GlobalOp &global = globals[name];
  auto type = MemRefType::get(values.getType().getShape(),
                              values.getType().getElementType());
  if (!global) {
    OpBuilder mb = OpBuilder::atBlockBegin(module.getBody());
    global =
        memref::GlobalOp::create(mb, loc, name, mb.getStringAttr("private"),
                                 type, values, /*constant=*/true,
                                 /*alignment=*/nullptr);
    symbols.insert(global);
  }
  return memref::GetGlobalOp::create(b, loc, type, global.getSymName());
}

Value FloatTables::getValues(OpBuilder &b, Location loc, FloatType from,
                             FloatType to) {
  unsigned width = from.getWidth();
  SmallVector<APFloat> values;
  for (uint64_t code = 0; code < (uint64_t(1) << width); ++code)
    values.push_back(
        convert(APFloat(from.getFloatSemantics(), APInt(width, code)),
                to.getFloatSemantics()));
  std::string name;
  llvm::raw_string_ostream os(name);
  os << "__offload_values_of_" << from << "_in_" << to;
  auto tensor = RankedTensorType::get({int64_t(values.size())}, to);
  return getGlobal(b, loc, name, DenseElementsAttr::get(tensor, values));
}

FloatTables::Rounding FloatTables::getRounding(OpBuilder &b, Location loc,
                                               FloatType to) {
  const llvm::fltSemantics &semantics = to.getFloatSemantics();
  const llvm::fltSemantics &f64 = APFloat::IEEEdouble();
  unsigned width = to.getWidth();
  // The non-negative finite values, exact in f64, in ascending order.
  SmallVector<APFloat> values;
  for (uint64_t code = 0; code < (uint64_t(1) << width); ++code) {
    APFloat value(semantics, APInt(width, code));
    if (value.isFinite() && !value.isNegative())
      values.push_back(convert(value, f64));
  }
  llvm::sort(values, [](const APFloat &x, const APFloat &y) {
    return x.compare(y) == APFloat::cmpLessThan;
  });
  assert(values.size() >= 2 && "a float type of two finite values or more");
  // Midpoints, exact in f64 (the values have a few bits each); the last is
  // as far above the largest value as the one below it.
  APFloat half(f64, "0.5");
  SmallVector<APFloat> midpoints;
  for (size_t i = 0; i + 1 < values.size(); ++i)
    midpoints.push_back((values[i] + values[i + 1]) * half);
  APFloat top =
      values.back() + (values.back() - values[values.size() - 2]) * half;
  midpoints.push_back(top);
  int64_t count = midpoints.size();
  int64_t length = llvm::PowerOf2Ceil(count + 1);
  SmallVector<APFloat> padded(midpoints);
  padded.resize(length, APFloat::getInf(f64));

  // The region above the last midpoint rounds as a value well above it.
  SmallVector<APFloat> inside(values), ties(midpoints);
  inside.push_back(top * APFloat(f64, "2"));
  ties.push_back(inside.back());
  SmallVector<APInt> codes;
  for (bool negative : {false, true})
    for (ArrayRef<APFloat> section : {ArrayRef(inside), ArrayRef(ties)})
      for (APFloat value : section) {
        if (negative)
          value.changeSign();
        codes.push_back(APInt(8, encode(value, semantics)));
      }

  std::string name;
  llvm::raw_string_ostream os(name);
  os << "__offload_rounding_to_" << to;
  Rounding rounding;
  rounding.midpoints =
      getGlobal(b, loc, name + "_midpoints",
                DenseElementsAttr::get(
                    RankedTensorType::get({length}, b.getF64Type()), padded));
  rounding.codes = getGlobal(
      b, loc, name + "_codes",
      DenseElementsAttr::get(
          RankedTensorType::get({int64_t(codes.size())}, b.getI8Type()),
          codes));
  rounding.count = count;
  rounding.length = length;
  rounding.nan = encode(APFloat::getQNaN(f64), semantics);
  rounding.negativeNan = encode(APFloat::getQNaN(f64, true), semantics);
  rounding.inf = encode(APFloat::getInf(f64), semantics);
  rounding.negativeInf = encode(APFloat::getInf(f64, true), semantics);
  rounding.zero = encode(APFloat::getZero(f64), semantics);
  rounding.negativeZero = encode(APFloat::getZero(f64, true), semantics);
  return rounding;
}

/// `x` (a scalar of a small float) as `to`, through the table of its values.
static Value emitDecode(OpBuilder &b, Location loc, FloatTables &tables,
                        Value x, FloatType to) {
  auto from = cast<FloatType>(x.getType());
  Value code =
      arith::BitcastOp::create(b, loc, b.getIntegerType(from.getWidth()), x);
  Value index = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), code);
  return memref::LoadOp::create(b, loc, tables.getValues(b, loc, from, to),
                                index);
}

/// `x` (a scalar f64) rounded to `to`, a small float: its region among the
/// midpoints, by binary search, and the region's (or the midpoint's)
/// encoding for its sign.
static Value emitEncode(OpBuilder &b, Location loc, FloatTables &tables,
                        Value x, FloatType to) {
  FloatTables::Rounding rounding = tables.getRounding(b, loc, to);
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value magnitude = math::AbsFOp::create(b, loc, x);
  // How many midpoints lie below |x| (none for NaN, at most K for +inf).
  Value region = index(0);
  for (int64_t step = rounding.length / 2; step >= 1; step /= 2) {
    Value probe = arith::AddIOp::create(b, loc, region, index(step - 1));
    Value midpoint = memref::LoadOp::create(b, loc, rounding.midpoints, probe);
    Value below = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                        midpoint, magnitude);
    region = arith::SelectOp::create(
        b, loc, below, arith::AddIOp::create(b, loc, region, index(step)),
        region);
  }
  Value bound = memref::LoadOp::create(b, loc, rounding.midpoints, region);
  Value tie = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, bound,
                                    magnitude);
  Value bits = arith::BitcastOp::create(b, loc, b.getI64Type(), x);
  Value negative = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::slt, bits,
      arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0));
  // codes[(2 negative + tie) (K + 1) + region]
  int64_t section = rounding.count + 1;
  Value offset = arith::AddIOp::create(
      b, loc,
      arith::SelectOp::create(b, loc, negative, index(2 * section), index(0)),
      arith::SelectOp::create(b, loc, tie, index(section), index(0)));
  Value at = arith::AddIOp::create(b, loc, offset, region);
  Value code = memref::LoadOp::create(b, loc, rounding.codes, at);
  auto codeOf = [&](uint64_t value) -> Value {
    return arith::ConstantIntOp::create(b, loc, b.getI8Type(), value);
  };
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  Value isInf = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OEQ, magnitude,
      arith::ConstantOp::create(
          b, loc,
          b.getFloatAttr(b.getF64Type(),
                         APFloat::getInf(APFloat::IEEEdouble()))));
  code = arith::SelectOp::create(
      b, loc, isInf,
      arith::SelectOp::create(b, loc, negative, codeOf(rounding.negativeInf),
                              codeOf(rounding.inf)),
      code);
  Value isZero = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OEQ, magnitude,
      arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0)));
  code = arith::SelectOp::create(
      b, loc, isZero,
      arith::SelectOp::create(b, loc, negative, codeOf(rounding.negativeZero),
                              codeOf(rounding.zero)),
      code);
  code = arith::SelectOp::create(
      b, loc, isNan,
      arith::SelectOp::create(b, loc, negative, codeOf(rounding.negativeNan),
                              codeOf(rounding.nan)),
      code);
  if (to.getWidth() < 8)
    code =
        arith::TruncIOp::create(b, loc, b.getIntegerType(to.getWidth()), code);
  return arith::BitcastOp::create(b, loc, to, code);
}

/// `x`, a scalar float, converted to `to` (extf's or truncf's meaning: exact,
/// or to nearest, ties to even), where either is a small float: through f64,
/// which holds every small float's value exactly.
static Value emitConversion(OpBuilder &b, Location loc, FloatTables &tables,
                            Value x, FloatType to) {
  auto from = cast<FloatType>(x.getType());
  Type f64 = b.getF64Type();
  if (isSmallFloat(from))
    x = emitDecode(b, loc, tables, x,
                   isSmallFloat(to) ? cast<FloatType>(f64) : to);
  else if (from != f64)
    x = arith::ExtFOp::create(b, loc, f64, x);
  if (isSmallFloat(to))
    return emitEncode(b, loc, tables, x, to);
  if (x.getType() == to)
    return x;
  return arith::TruncFOp::create(b, loc, to, x);
}

/// Replaces `op`, an arith.extf or arith.truncf from or to a small float, by
/// its expansion, element by element for a vector.
static LogicalResult expandConversion(Operation *op, FloatTables &tables) {
  if (auto truncf = dyn_cast<arith::TruncFOp>(op);
      truncf && truncf.getRoundingmodeAttr() &&
      truncf.getRoundingmode() != arith::RoundingMode::to_nearest_even)
    return op->emitError()
           << "the host target rounds to "
           << getElementTypeOrSelf(op->getResult(0).getType())
           << " to nearest, ties to even, only; this 'arith.truncf' asks "
              "for another rounding mode";
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value source = op->getOperand(0);
  Type resultType = op->getResult(0).getType();
  auto to = cast<FloatType>(getElementTypeOrSelf(resultType));
  auto vector = dyn_cast<VectorType>(resultType);
  if (!vector) {
    op->getResult(0).replaceAllUsesWith(
        emitConversion(b, loc, tables, source, to));
    op->erase();
    return success();
  }
  if (vector.isScalable())
    return op->emitError() << "the host target converts scalable vectors of "
                           << to << " element by element, which it cannot";
  Value result = offload::emitElementwise(
      b, loc, vector, source, [&](OpBuilder &eb, ValueRange element) {
        return emitConversion(eb, loc, tables, element.front(), to);
      });
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
  return success();
}

namespace {

/// f64 to bf16 or f16 with one rounding: to f32 rounded to odd (towards zero,
/// then the lowest bit set where that was inexact), then to the narrow type
/// to nearest, ties to even, which f32's 24 bits make exact (LLVM would
/// call `__truncdfbf2` or `__truncdfhf2` of a compiler's runtime library).
struct TruncF64ThroughOddF32 : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    Type from = getElementTypeOrSelf(op.getIn().getType());
    Type to = getElementTypeOrSelf(op.getType());
    if (!from.isF64() || !(to.isBF16() || to.isF16()) ||
        (op.getRoundingmodeAttr() &&
         op.getRoundingmode() != arith::RoundingMode::to_nearest_even))
      return failure();
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type(), i32 = rewriter.getI32Type();
    auto like = [&](Type element) -> Type {
      if (auto vector = dyn_cast<VectorType>(op.getType()))
        return vector.clone(element);
      return element;
    };
    auto constant = [&](Type element, TypedAttr value) -> Value {
      Type type = like(element);
      if (auto vector = dyn_cast<VectorType>(type))
        return arith::ConstantOp::create(rewriter, loc,
                                         SplatElementsAttr::get(vector, value));
      return arith::ConstantOp::create(rewriter, loc, value);
    };
    Value x = op.getIn();
    Value nearest = arith::TruncFOp::create(rewriter, loc, like(f32), x);
    Value back = arith::ExtFOp::create(rewriter, loc, x.getType(), nearest);
    // Inexact (false for NaN, whose f32 is a NaN already).
    Value inexact = arith::CmpFOp::create(rewriter, loc,
                                          arith::CmpFPredicate::ONE, back, x);
    Value above =
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGT,
                              math::AbsFOp::create(rewriter, loc, back),
                              math::AbsFOp::create(rewriter, loc, x));
    Value bits = arith::BitcastOp::create(rewriter, loc, like(i32), nearest);
    Value one = constant(i32, rewriter.getI32IntegerAttr(1));
    // One step towards zero in magnitude, then odd.
    Value towardsZero = arith::SelectOp::create(
        rewriter, loc, above, arith::SubIOp::create(rewriter, loc, bits, one),
        bits);
    Value odd = arith::SelectOp::create(
        rewriter, loc, inexact,
        arith::OrIOp::create(rewriter, loc, towardsZero, one), bits);
    Value rounded = arith::BitcastOp::create(rewriter, loc, like(f32), odd);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, op.getType(), rounded);
    return success();
  }
};

/// bf16 to f64 through f32, both exact: upstream's expansion takes bf16 to
/// f32 only.
struct ExtFBFloat16ThroughF32 : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getIn().getType()).isBF16() ||
        getElementTypeOrSelf(op.getType()).isF32())
      return failure();
    Type f32 = rewriter.getF32Type();
    if (auto vector = dyn_cast<VectorType>(op.getType()))
      f32 = vector.clone(f32);
    Value wide = arith::ExtFOp::create(rewriter, op.getLoc(), f32, op.getIn());
    rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, op.getType(), wide);
    return success();
  }
};

/// math.fma on a float narrower than f32 (upstream's extension to supported
/// types leaves fma alone, and libm's f32 fmaf would round twice), with one
/// rounding: the product, exact in a wider float, plus the addend there,
/// rounded to odd with the sum's exact error (Knuth's TwoSum), then to the
/// type to nearest, ties to even, which the wider float's bits make exact.
/// The wider float is f64 for the floats that arithmetic runs in f32 for,
/// and f32 for f16 (its 24 bits hold f16's products, 22, and f16's 11 plus
/// the 2 that rounding to odd needs; its range, f16's largest product).
struct ExpandNarrowFma : OpRewritePattern<math::FmaOp> {
  ExpandNarrowFma(MLIRContext *context, const llvm::SetVector<Type> &emulated)
      : OpRewritePattern(context), emulated(emulated) {}
  LogicalResult matchAndRewrite(math::FmaOp op,
                                PatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getType());
    FloatType wideScalar;
    if (element.isF16())
      wideScalar = rewriter.getF32Type();
    else if (emulated.contains(element))
      wideScalar = rewriter.getF64Type();
    else
      return failure();
    unsigned width = wideScalar.getWidth();
    Type bitsScalar = rewriter.getIntegerType(width);
    Location loc = op.getLoc();
    Type type = op.getType();
    auto like = [&](Type scalar) -> Type {
      if (auto vector = dyn_cast<VectorType>(type))
        return vector.clone(scalar);
      return scalar;
    };
    Type wideType = like(wideScalar), bitsType = like(bitsScalar);
    auto extend = [&](Value v) -> Value {
      return arith::ExtFOp::create(rewriter, loc, wideType, v);
    };
    Value a = extend(op.getA()), b = extend(op.getB()), c = extend(op.getC());
    Value product = arith::MulFOp::create(rewriter, loc, a, b);
    Value sum = arith::AddFOp::create(rewriter, loc, product, c);
    // TwoSum: sum + error = product + c exactly.
    Value bVirtual = arith::SubFOp::create(rewriter, loc, sum, product);
    Value aVirtual = arith::SubFOp::create(rewriter, loc, sum, bVirtual);
    Value error = arith::AddFOp::create(
        rewriter, loc, arith::SubFOp::create(rewriter, loc, product, aVirtual),
        arith::SubFOp::create(rewriter, loc, c, bVirtual));
    auto constant = [&](Type scalar, TypedAttr value) -> Value {
      if (auto vector = dyn_cast<VectorType>(like(scalar)))
        return arith::ConstantOp::create(rewriter, loc,
                                         SplatElementsAttr::get(vector, value));
      return arith::ConstantOp::create(rewriter, loc, value);
    };
    Value zero = constant(wideScalar, rewriter.getFloatAttr(wideScalar, 0));
    // Inexact where the error is not zero (nor NaN: an infinite sum).
    Value inexact = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::ONE, error, zero);
    // The exact sum lies nearer zero than the rounded one where the error
    // and the sum have opposite signs.
    Value sumNegative = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT, sum, zero);
    Value errorNegative = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT, error, zero);
    Value inward = arith::AndIOp::create(
        rewriter, loc, inexact,
        arith::XOrIOp::create(rewriter, loc, sumNegative, errorNegative));
    Value bits = arith::BitcastOp::create(rewriter, loc, bitsType, sum);
    Value one = constant(bitsScalar, rewriter.getIntegerAttr(bitsScalar, 1));
    Value towardsZero = arith::SelectOp::create(
        rewriter, loc, inward, arith::SubIOp::create(rewriter, loc, bits, one),
        bits);
    Value odd = arith::SelectOp::create(
        rewriter, loc, inexact,
        arith::OrIOp::create(rewriter, loc, towardsZero, one), bits);
    Value rounded = arith::BitcastOp::create(rewriter, loc, wideType, odd);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type, rounded);
    return success();
  }
  const llvm::SetVector<Type> &emulated;
};

} // namespace

/// Gives each f32-to-bf16 truncation of a NaN the NaN's sign: upstream's
/// expansion of the truncation into integer arithmetic makes every NaN the
/// positive quiet one, and the sign is what `arith.negf` and
/// `math.copysign` of a NaN set (bf16 runs them in f32). A NaN becomes its
/// f32's top 16 bits, made quiet.
static void keepNaNSignsInBFloat16Truncations(gpu::GPUModuleOp module) {
  SmallVector<arith::TruncFOp> truncations;
  module.walk([&](arith::TruncFOp op) {
    if (getElementTypeOrSelf(op.getType()).isBF16() &&
        getElementTypeOrSelf(op.getIn().getType()).isF32())
      truncations.push_back(op);
  });
  for (arith::TruncFOp op : truncations) {
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    Location loc = op.getLoc();
    auto like = [&](Type scalar) -> Type {
      if (auto vector = dyn_cast<VectorType>(op.getType()))
        return vector.clone(scalar);
      return scalar;
    };
    auto constant = [&](Type scalar, int64_t value) -> Value {
      TypedAttr attr = b.getIntegerAttr(scalar, value);
      if (auto vector = dyn_cast<VectorType>(like(scalar)))
        return arith::ConstantOp::create(b, loc,
                                         SplatElementsAttr::get(vector, attr));
      return arith::ConstantOp::create(b, loc, attr);
    };
    Type i32 = b.getI32Type(), i16 = b.getI16Type();
    Value bits = arith::BitcastOp::create(b, loc, like(i32), op.getIn());
    Value top = arith::TruncIOp::create(
        b, loc, like(i16),
        arith::ShRUIOp::create(b, loc, bits, constant(i32, 16)));
    Value quiet = arith::BitcastOp::create(
        b, loc, op.getType(),
        arith::OrIOp::create(b, loc, top, constant(i16, 0x40)));
    Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                        op.getIn(), op.getIn());
    Value result = arith::SelectOp::create(b, loc, isNaN, quiet, op);
    op.getResult().replaceAllUsesExcept(result, result.getDefiningOp());
  }
}

/// Collects into `emulated` the float types of `module` that arithmetic runs
/// in f32 for; fails at an op whose float type LLVM has none for.
static LogicalResult collectEmulatedFloats(gpu::GPUModuleOp module,
                                           llvm::SetVector<Type> &emulated) {
  WalkResult walked = module.walk([&](Operation *op) {
    for (Type type : llvm::concat<const Type>(op->getOperandTypes(),
                                              op->getResultTypes())) {
      auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
      if (!element)
        continue;
      if (isSmallFloat(element) || element.isBF16()) {
        emulated.insert(element);
        continue;
      }
      if (!LLVM::isCompatibleFloatingPointType(element)) {
        op->emitError() << "the host target has no arithmetic for " << element
                        << ": LLVM has no type for it, and it is wider than "
                           "the floats of 8 bits or fewer that the host "
                           "target converts through tables";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

LogicalResult mlir::offload::lowerSmallFloats(gpu::GPUModuleOp module) {
  MLIRContext *context = module.getContext();
  Type f32 = Float32Type::get(context);
  llvm::SetVector<Type> emulated;
  if (failed(collectEmulatedFloats(module, emulated)))
    return failure();
  // Fused multiply-adds in a wider float, rounded once, f16's among them.
  {
    RewritePatternSet patterns(context);
    patterns.add<ExpandNarrowFma>(context, emulated);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return failure();
  }
  if (emulated.empty())
    return success();
  // Arithmetic and math in f32.
  {
    TypeConverter converter;
    SmallVector<Type> sources(emulated.begin(), emulated.end());
    arith::populateEmulateUnsupportedFloatsConversions(converter, sources, f32);
    RewritePatternSet patterns(context);
    arith::populateEmulateUnsupportedFloatsPatterns(patterns, converter);
    ConversionTarget target(*context);
    arith::populateEmulateUnsupportedFloatsLegality(target, converter);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return failure();
  }
  {
    // Math on every float but f16, f32 and f64 (f16's goes to f32 already).
    llvm::SetVector<Type> supported;
    supported.insert(Float16Type::get(context));
    supported.insert(f32);
    supported.insert(Float64Type::get(context));
    TypeConverter converter;
    math::populateExtendToSupportedTypesTypeConverter(converter, supported,
                                                      f32);
    ConversionTarget target(*context);
    math::populateExtendToSupportedTypesConversionTarget(target, converter);
    RewritePatternSet patterns(context);
    math::populateExtendToSupportedTypesPatterns(patterns, converter);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return failure();
  }

  // Conversions from and to small floats.
  FloatTables tables(module);
  SmallVector<Operation *> conversions;
  module.walk([&](Operation *op) {
    if (isa<arith::ExtFOp, arith::TruncFOp>(op) &&
        (isSmallFloat(op->getOperand(0).getType()) ||
         isSmallFloat(op->getResult(0).getType())))
      conversions.push_back(op);
  });
  for (Operation *op : conversions)
    if (failed(expandConversion(op, tables)))
      return failure();

  // bf16's, through f32, then in integer arithmetic.
  {
    RewritePatternSet patterns(context);
    patterns.add<TruncF64ThroughOddF32, ExtFBFloat16ThroughF32>(context);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return failure();
  }
  keepNaNSignsInBFloat16Truncations(module);
  RewritePatternSet patterns(context);
  arith::populateExpandBFloat16Patterns(patterns);
  return applyPatternsGreedily(module, std::move(patterns));
}
