//===- HostExpansions.cpp - Ops the CPU has no call for -------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/HostExpansions.h"
#include "conversion/common/AtomicsToLLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace {

/// A constant of `type` (a scalar or a vector of it) whose every element is
/// `value`.
Value splat(OpBuilder &b, Location loc, Type type, TypedAttr value) {
  if (auto vector = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(b, loc,
                                     SplatElementsAttr::get(vector, value));
  return arith::ConstantOp::create(b, loc, value);
}

/// clampf(x, lo, hi) = max(min(x, hi), lo), as the GPU instruction sets'
/// clamps, and as the op's definition says since it was corrected upstream
/// (LLVM 22's math-expand-ops still takes max(min(x, lo), hi)).
struct ExpandClampF : OpRewritePattern<math::ClampFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::ClampFOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    arith::FastMathFlags flags = op.getFastmath();
    Value below = arith::MinimumFOp::create(rewriter, loc, op.getValue(),
                                            op.getMax(), flags);
    rewriter.replaceOpWithNewOp<arith::MaximumFOp>(op, below, op.getMin(),
                                                   flags);
    return success();
  }
};

/// isinf(x) = |x| == inf; isnormal(x) = smallest normal <= |x| < inf (false
/// for NaN, whose comparisons are).
template <typename OpTy> struct ExpandClassification : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Type type = x.getType();
    auto element = cast<FloatType>(getElementTypeOrSelf(type));
    const llvm::fltSemantics &semantics = element.getFloatSemantics();
    Value magnitude = math::AbsFOp::create(rewriter, loc, x);
    Value inf = splat(rewriter, loc, type,
                      FloatAttr::get(element, APFloat::getInf(semantics)));
    if constexpr (std::is_same_v<OpTy, math::IsInfOp>) {
      rewriter.replaceOpWithNewOp<arith::CmpFOp>(op, arith::CmpFPredicate::OEQ,
                                                 magnitude, inf);
      return success();
    }
    Value smallest = splat(
        rewriter, loc, type,
        FloatAttr::get(element, APFloat::getSmallestNormalized(semantics)));
    Value large = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OGE, magnitude, smallest);
    Value finite = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT, magnitude, inf);
    rewriter.replaceOpWithNewOp<arith::AndIOp>(op, large, finite);
    return success();
  }
};

/// A vector op, element by element: `scalar` makes each element's result
/// from its operands. Fails on scalable vectors.
LogicalResult
unrollElementwise(Operation *op, PatternRewriter &rewriter,
                  function_ref<Value(OpBuilder &, ValueRange)> scalar) {
  auto type = cast<VectorType>(op->getResult(0).getType());
  if (type.isScalable())
    return rewriter.notifyMatchFailure(op, "a scalable vector");
  rewriter.replaceOp(op, offload::emitElementwise(rewriter, op->getLoc(), type,
                                                  op->getOperands(), scalar));
  return success();
}

/// `for (r = 1; e != 0; e = next(e), b *= b) if (e & 1) r *= b;`, as an
/// scf.while over (r, b, e); returns r.
Value emitSquareAndMultiply(OpBuilder &b, Location loc, Value one, Value base,
                            Value exponent,
                            function_ref<Value(OpBuilder &, Value, Value)> mul,
                            function_ref<Value(OpBuilder &, Value)> next) {
  Type eType = exponent.getType();
  Value eZero = arith::ConstantOp::create(b, loc, b.getZeroAttr(eType));
  Value eOne = arith::ConstantOp::create(b, loc, b.getOneAttr(eType));
  SmallVector<Type> types = {one.getType(), base.getType(), eType};
  auto loop = scf::WhileOp::create(
      b, loc, types, ValueRange{one, base, exponent},
      [&](OpBuilder &cb, Location l, ValueRange args) {
        Value more = arith::CmpIOp::create(cb, l, arith::CmpIPredicate::ne,
                                           args[2], eZero);
        scf::ConditionOp::create(cb, l, more, args);
      },
      [&](OpBuilder &bb, Location l, ValueRange args) {
        Value odd = arith::CmpIOp::create(
            bb, l, arith::CmpIPredicate::ne,
            arith::AndIOp::create(bb, l, args[2], eOne), eZero);
        Value product = mul(bb, args[0], args[1]);
        Value r = arith::SelectOp::create(bb, l, odd, product, args[0]);
        scf::YieldOp::create(
            bb, l, ValueRange{r, mul(bb, args[1], args[1]), next(bb, args[2])});
      });
  return loop.getResult(0);
}

/// fpowi(b, e): b multiplied by repeated squaring over the bits of |e|, the
/// reciprocal for a negative e, as compiler-rt's `__powisf2` (what LLVM's
/// powi calls) multiplies: e / 2 rounds towards zero, so INT_MIN needs no
/// negation.
struct ExpandFPowI : OpRewritePattern<math::FPowIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::FPowIOp op,
                                PatternRewriter &rewriter) const override {
    if (isa<VectorType>(op.getType()))
      return unrollElementwise(
          op, rewriter, [&](OpBuilder &b, ValueRange operands) -> Value {
            return math::FPowIOp::create(b, op.getLoc(), operands[0],
                                         operands[1], op.getFastmath());
          });
    Location loc = op.getLoc();
    Value base = op.getLhs(), exponent = op.getRhs();
    // Narrower floats in f32, as LLVM's powi promotes them.
    Type type = base.getType();
    Type f32 = rewriter.getF32Type();
    bool narrow = type.getIntOrFloatBitWidth() < 32;
    if (narrow) {
      base = arith::ExtFOp::create(rewriter, loc, f32, base);
      type = f32;
    }
    Value one = arith::ConstantOp::create(rewriter, loc,
                                          rewriter.getFloatAttr(type, 1.0));
    Value two = arith::ConstantOp::create(
        rewriter, loc, rewriter.getIntegerAttr(exponent.getType(), 2));
    Value power = emitSquareAndMultiply(
        rewriter, loc, one, base, exponent,
        [&](OpBuilder &b, Value x, Value y) -> Value {
          return arith::MulFOp::create(b, loc, x, y);
        },
        [&](OpBuilder &b, Value e) -> Value {
          return arith::DivSIOp::create(b, loc, e, two);
        });
    Value zero = arith::ConstantOp::create(
        rewriter, loc, rewriter.getZeroAttr(exponent.getType()));
    Value negative = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::slt, exponent, zero);
    Value reciprocal = arith::DivFOp::create(rewriter, loc, one, power);
    Value result =
        arith::SelectOp::create(rewriter, loc, negative, reciprocal, power);
    if (narrow)
      result = arith::TruncFOp::create(rewriter, loc, op.getType(), result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// ipowi(b, e): for e >= 0, b multiplied by repeated squaring (wrapping, as
/// integer multiplication does); for e < 0, 1 / b^-e truncated: 1 for b = 1,
/// 1 or -1 for b = -1 as e is even or odd, and 0 otherwise, which includes
/// 0 to a negative power (which the op leaves undefined: upstream's software
/// version divides by zero there).
struct ExpandIPowI : OpRewritePattern<math::IPowIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::IPowIOp op,
                                PatternRewriter &rewriter) const override {
    if (isa<VectorType>(op.getType()))
      return unrollElementwise(op, rewriter,
                               [&](OpBuilder &b, ValueRange operands) -> Value {
                                 return math::IPowIOp::create(
                                     b, op.getLoc(), operands[0], operands[1]);
                               });
    Location loc = op.getLoc();
    Value base = op.getLhs(), exponent = op.getRhs();
    Type type = base.getType();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getIntegerAttr(type, v));
    };
    Value zero = constant(0), one = constant(1), minusOne = constant(-1);
    Value negative = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::slt, exponent, zero);
    // A negative exponent runs no iteration.
    Value bits =
        arith::SelectOp::create(rewriter, loc, negative, zero, exponent);
    Value power = emitSquareAndMultiply(
        rewriter, loc, one, base, bits,
        [&](OpBuilder &b, Value x, Value y) -> Value {
          return arith::MulIOp::create(b, loc, x, y);
        },
        [&](OpBuilder &b, Value e) -> Value {
          return arith::ShRUIOp::create(b, loc, e, one);
        });
    auto equals = [&](Value x, Value y) -> Value {
      return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, x,
                                   y);
    };
    Value odd =
        equals(arith::AndIOp::create(rewriter, loc, exponent, one), one);
    Value ofMinusOne =
        arith::SelectOp::create(rewriter, loc, odd, minusOne, one);
    Value inverse = arith::SelectOp::create(
        rewriter, loc, equals(base, one), one,
        arith::SelectOp::create(rewriter, loc, equals(base, minusOne),
                                ofMinusOne, zero));
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, negative, inverse, power);
    return success();
  }
};

} // namespace

LogicalResult mlir::offload::expandForHost(gpu::GPUModuleOp module) {
  RewritePatternSet patterns(module.getContext());
  math::populateExpansionPatterns(patterns, {"rsqrt"});
  patterns
      .add<ExpandClampF, ExpandClassification<math::IsInfOp>,
           ExpandClassification<math::IsNormalOp>, ExpandFPowI, ExpandIPowI>(
          module.getContext());
  offload::populateExpandAtomicRMWPatterns(patterns);
  return applyPatternsGreedily(module, std::move(patterns));
}

Value mlir::offload::emitElementwise(
    OpBuilder &b, Location loc, VectorType type, ValueRange operands,
    function_ref<Value(OpBuilder &, ValueRange)> scalar) {
  SmallVector<Value> elements;
  SmallVector<int64_t> position(type.getRank(), 0);
  for (int64_t linear = 0, n = type.getNumElements(); linear < n; ++linear) {
    int64_t rest = linear;
    for (int64_t d = type.getRank() - 1; d >= 0; --d) {
      position[d] = rest % type.getDimSize(d);
      rest /= type.getDimSize(d);
    }
    SmallVector<Value> scalars =
        llvm::map_to_vector(operands, [&](Value v) -> Value {
          return vector::ExtractOp::create(b, loc, v, position);
        });
    elements.push_back(scalar(b, scalars));
  }
  return vector::FromElementsOp::create(b, loc, type, elements);
}
