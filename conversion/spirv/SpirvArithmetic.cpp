//===- SpirvArithmetic.cpp - arith and math as C computes them ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/SpirvArithmetic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// arith.remf
//===----------------------------------------------------------------------===//

/// fmod(x, y) of two scalars: |x| less the largest |y| * 2^k not above it,
/// for each k down to 0. Each difference r - t with t <= r < 2t is exact
/// (Sterbenz), and so is each halving of t down to |y|.
static Value buildFmod(ImplicitLocOpBuilder &b, Value x, Value y) {
  auto type = cast<FloatType>(x.getType());
  auto constant = [&](const APFloat &value) -> Value {
    return arith::ConstantFloatOp::create(b, type, value);
  };
  const llvm::fltSemantics &semantics = type.getFloatSemantics();
  Value zero = constant(APFloat::getZero(semantics));
  Value one = constant(APFloat(semantics, 1));
  Value half = constant(APFloat(semantics, "0.5"));
  Value nan = constant(APFloat::getQNaN(semantics));
  // NaN for a NaN, an infinite x or a zero y; the loops then run on 0 and 1.
  Value special = arith::OrIOp::create(
      b,
      arith::OrIOp::create(
          b, arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, x, y),
          math::IsInfOp::create(b, x)),
      arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ, y, zero));
  Value ax =
      arith::SelectOp::create(b, special, zero, math::AbsFOp::create(b, x));
  Value ay =
      arith::SelectOp::create(b, special, one, math::AbsFOp::create(b, y));

  // t = the largest |y| * 2^k <= |x|, or |y| (an infinite y stays itself).
  auto top = scf::WhileOp::create(
      b, TypeRange{type}, ValueRange{ay},
      [&](OpBuilder &nested, Location loc, ValueRange args) {
        ImplicitLocOpBuilder nb(loc, nested);
        Value t = args[0];
        Value twice = arith::AddFOp::create(nb, t, t);
        Value fits = arith::AndIOp::create(
            nb, arith::CmpFOp::create(nb, arith::CmpFPredicate::OLE, twice, ax),
            arith::CmpFOp::create(nb, arith::CmpFPredicate::OLT, t, twice));
        // On exit, the last t that fits.
        scf::ConditionOp::create(
            nb, fits, ValueRange{arith::SelectOp::create(nb, fits, twice, t)});
      },
      [&](OpBuilder &nested, Location loc, ValueRange args) {
        scf::YieldOp::create(nested, loc, args);
      });

  // r -= t where t <= r, then t /= 2, until t = |y|.
  auto reduce = scf::WhileOp::create(
      b, TypeRange{type, type}, ValueRange{ax, top.getResult(0)},
      [&](OpBuilder &nested, Location loc, ValueRange args) {
        ImplicitLocOpBuilder nb(loc, nested);
        Value r = args[0], t = args[1];
        Value less = arith::SelectOp::create(
            nb, arith::CmpFOp::create(nb, arith::CmpFPredicate::OGE, r, t),
            arith::SubFOp::create(nb, r, t), r);
        Value more =
            arith::CmpFOp::create(nb, arith::CmpFPredicate::OGT, t, ay);
        scf::ConditionOp::create(
            nb, more, ValueRange{less, arith::MulFOp::create(nb, t, half)});
      },
      [&](OpBuilder &nested, Location loc, ValueRange args) {
        scf::YieldOp::create(nested, loc, args);
      });
  // The sign of x, for a zero remainder too.
  Value signed_ = math::CopySignOp::create(b, reduce.getResult(0), x);
  return arith::SelectOp::create(b, special, nan, signed_);
}

void mlir::offload::expandFloatRemainders(gpu::GPUModuleOp module) {
  SmallVector<arith::RemFOp> remainders;
  module.walk([&](arith::RemFOp op) { remainders.push_back(op); });
  for (arith::RemFOp op : remainders) {
    ImplicitLocOpBuilder b(op.getLoc(), op);
    Value lhs = op.getLhs(), rhs = op.getRhs();
    auto vector = dyn_cast<VectorType>(op.getType());
    if (!vector) {
      op.replaceAllUsesWith(buildFmod(b, lhs, rhs));
      op.erase();
      continue;
    }
    // Element by element: each one loops as long as its own exponents ask.
    if (vector.getRank() != 1 || vector.isScalable())
      continue;
    SmallVector<Value> elements;
    for (int64_t i = 0, e = vector.getNumElements(); i < e; ++i)
      elements.push_back(buildFmod(b, vector::ExtractOp::create(b, lhs, i),
                                   vector::ExtractOp::create(b, rhs, i)));
    op.replaceAllUsesWith(
        vector::FromElementsOp::create(b, vector, elements).getResult());
    op.erase();
  }
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// A constant of `type` (a float or a vector of floats) of every element
/// `value`.
static Value getFloatConstant(OpBuilder &b, Location loc, Type type,
                              double value) {
  auto element = cast<FloatType>(getElementTypeOrSelf(type));
  APFloat apValue(value);
  bool losesInfo;
  apValue.convert(element.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  auto scalar = FloatAttr::get(element, apValue);
  if (auto vector = dyn_cast<VectorType>(type))
    return spirv::ConstantOp::create(b, loc, type,
                                     DenseElementsAttr::get(vector, scalar));
  return spirv::ConstantOp::create(b, loc, type, scalar);
}

/// The integer type of `type`'s width, of its shape.
static Type getSameWidthInteger(Type type) {
  auto integer = IntegerType::get(
      type.getContext(), getElementTypeOrSelf(type).getIntOrFloatBitWidth());
  if (auto vector = dyn_cast<VectorType>(type))
    return VectorType::get(vector.getShape(), integer);
  return integer;
}

namespace {
/// a % b with the dividend's sign, from the magnitudes' unsigned remainder:
/// |INT_MIN| as an unsigned number is right, but its sign must come from a
/// comparison, not from whether a equals |a|.
struct RemSIToSpirv final : public OpConversionPattern<arith::RemSIOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::RemSIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || type != adaptor.getLhs().getType())
      return rewriter.notifyMatchFailure(op, "an unconverted type");
    Location loc = op.getLoc();
    Value zero = spirv::ConstantOp::getZero(type, loc, rewriter);
    auto magnitude = [&](Value value) -> std::pair<Value, Value> {
      Value negative = spirv::SLessThanOp::create(rewriter, loc, value, zero);
      Value negated = spirv::SNegateOp::create(rewriter, loc, value);
      return {negative,
              spirv::SelectOp::create(rewriter, loc, negative, negated, value)};
    };
    auto [lhsNegative, lhs] = magnitude(adaptor.getLhs());
    Value rhs = magnitude(adaptor.getRhs()).second;
    Value remainder = spirv::UModOp::create(rewriter, loc, lhs, rhs);
    Value negated = spirv::SNegateOp::create(rewriter, loc, remainder);
    rewriter.replaceOpWithNewOp<spirv::SelectOp>(op, lhsNegative, negated,
                                                 remainder);
    return success();
  }
};

/// C's pow (C11 F.10.4.4) around GLSL's Pow of |x|, which is defined for
/// |x| > 0 only: each special case a select.
struct PowFToSpirv final : public OpConversionPattern<math::PowFOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(math::PowFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || type != adaptor.getLhs().getType())
      return rewriter.notifyMatchFailure(op, "an unconverted type");
    // GLSL.std.450's Pow has 16- and 32-bit forms only (SpirvUnsupported.h
    // names the others).
    if (getElementTypeOrSelf(type).getIntOrFloatBitWidth() > 32)
      return rewriter.notifyMatchFailure(op, "no GLSL Pow of this width");
    Location loc = op.getLoc();
    ImplicitLocOpBuilder b(loc, rewriter);
    Value x = adaptor.getLhs(), y = adaptor.getRhs();
    Value zero = getFloatConstant(b, loc, type, 0.0);
    Value one = getFloatConstant(b, loc, type, 1.0);
    Value half = getFloatConstant(b, loc, type, 0.5);
    Value inf = getFloatConstant(b, loc, type, INFINITY);
    Value nan = getFloatConstant(b, loc, type, NAN);
    auto select = [&](Value condition, Value ifTrue, Value ifFalse) -> Value {
      return spirv::SelectOp::create(b, condition, ifTrue, ifFalse);
    };
    auto both = [&](Value lhs, Value rhs) -> Value {
      return spirv::LogicalAndOp::create(b, lhs, rhs);
    };
    auto either = [&](Value lhs, Value rhs) -> Value {
      return spirv::LogicalOrOp::create(b, lhs, rhs);
    };
    auto equal = [&](Value lhs, Value rhs) -> Value {
      return spirv::FOrdEqualOp::create(b, lhs, rhs);
    };
    auto less = [&](Value lhs, Value rhs) -> Value {
      return spirv::FOrdLessThanOp::create(b, lhs, rhs);
    };

    Value ax = spirv::GLFAbsOp::create(b, type, x);
    Value ay = spirv::GLFAbsOp::create(b, type, y);
    Value yNegative = less(y, zero);
    Value yInfinite = equal(ay, inf);
    Value result = spirv::GLPowOp::create(b, type, ax, y);
    // pow(±0, y) is +inf for y < 0 and +0 for y > 0 before its sign.
    result = select(equal(ax, zero), select(yNegative, inf, zero), result);
    // pow(±inf, y) is +0 for y < 0 and +inf for y > 0 before its sign.
    result = select(equal(ax, inf), select(yNegative, zero, inf), result);
    // pow(x, ±inf) is +inf where |x| < 1 and y < 0 or |x| > 1 and y > 0,
    // +0 where the other way, and 1 for |x| = 1.
    result = select(
        yInfinite,
        select(spirv::LogicalEqualOp::create(b, less(ax, one), yNegative), inf,
               zero),
        result);
    result = select(both(yInfinite, equal(ax, one)), one, result);
    // A negative x (-0 too) gives an odd integer power its sign.
    Value yInteger = equal(spirv::GLFloorOp::create(b, type, y), y);
    Value yHalf = spirv::FMulOp::create(b, y, half);
    Value yOdd =
        both(yInteger, spirv::FOrdNotEqualOp::create(
                           b, spirv::GLFloorOp::create(b, type, yHalf), yHalf));
    Type integer = getSameWidthInteger(type);
    Value xSign = spirv::SLessThanOp::create(
        b, spirv::BitcastOp::create(b, integer, x),
        spirv::ConstantOp::getZero(integer, loc, rewriter));
    result =
        select(both(xSign, yOdd), spirv::FNegateOp::create(b, result), result);
    // A finite negative x to a finite non-integer power is NaN.
    Value xNegativeFinite = both(
        less(x, zero),
        spirv::FOrdNotEqualOp::create(b, x, spirv::FNegateOp::create(b, inf)));
    Value yFraction =
        spirv::LogicalNotOp::create(b, either(yInteger, yInfinite));
    result = select(both(xNegativeFinite, yFraction), nan, result);
    // NaN in, NaN out, but pow(x, ±0) and pow(1, y) are 1 for any x and y.
    result = select(
        either(spirv::IsNanOp::create(b, x), spirv::IsNanOp::create(b, y)), nan,
        result);
    result = select(either(equal(y, zero), equal(x, one)), one, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// math.isfinite as neither NaN nor infinite, in the Shader capability's
/// instructions.
struct IsFiniteToSpirv final : public OpConversionPattern<math::IsFiniteOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(math::IsFiniteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    Value nanOrInf = spirv::LogicalOrOp::create(
        rewriter, loc, spirv::IsNanOp::create(rewriter, loc, x),
        spirv::IsInfOp::create(rewriter, loc, x));
    rewriter.replaceOpWithNewOp<spirv::LogicalNotOp>(op, nanOrInf);
    return success();
  }
};
} // namespace

void mlir::offload::populateSpirvArithmeticPatterns(
    const SPIRVTypeConverter &types, RewritePatternSet &patterns) {
  patterns.add<RemSIToSpirv, PowFToSpirv, IsFiniteToSpirv>(
      types, patterns.getContext(), /*benefit=*/2);
}
