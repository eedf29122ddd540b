//===- HostCheckLoops.cpp - Accesses a checked kernel tells once a loop ---===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/HostCheckLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <limits>

using namespace mlir;
using namespace mlir::offload;

/// Whether an op in `loop` other than `except` may read workgroup memory
/// (`reads`) or write it (else): an effect on a workgroup memref, or on
/// what is not a memref, or an op whose effects are unknown.
static bool mayTouchWorkgroupMemory(scf::ForOp loop, Operation *except,
                                    bool reads) {
  auto touches = [&](Operation *op) {
    if (op == except || op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return false;
    auto effecting = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effecting)
      return true;
    SmallVector<MemoryEffects::EffectInstance> effects;
    effecting.getEffects(effects);
    return llvm::any_of(effects, [&](const MemoryEffects::EffectInstance &e) {
      if (reads ? !isa<MemoryEffects::Read>(e.getEffect())
                : !isa<MemoryEffects::Write>(e.getEffect()))
        return false;
      auto type = e.getValue() ? dyn_cast<MemRefType>(e.getValue().getType())
                               : MemRefType();
      return !type || gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type);
    });
  };
  return loop.getBody()
      ->walk([&](Operation *op) {
        return touches(op) ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

std::optional<LoopAccess>
mlir::offload::findLoopAccess(Operation *access, Value memref,
                              ValueRange indices, bool workgroup, bool writes) {
  auto loop = dyn_cast_or_null<scf::ForOp>(access->getParentOp());
  if (!loop || access->getBlock() != loop.getBody() ||
      !loop.getInductionVar().getType().isIndex() || loop.getUnsignedCmp() ||
      !loop.isDefinedOutsideOfLoop(memref))
    return std::nullopt;
  Value iv = loop.getInductionVar();
  LoopAccess result{loop, {}, {}};
  for (Value index : indices) {
    if (loop.isDefinedOutsideOfLoop(index)) {
      result.moves.push_back(false);
      result.values.push_back(index);
      continue;
    }
    Value addend;
    if (auto add = index.getDefiningOp<arith::AddIOp>())
      addend = add.getLhs() == iv   ? add.getRhs()
               : add.getRhs() == iv ? add.getLhs()
                                    : Value();
    if (index != iv && !(addend && loop.isDefinedOutsideOfLoop(addend)))
      return std::nullopt;
    result.moves.push_back(true);
    result.values.push_back(addend);
  }
  // Another thread's barrier orders accesses: a loop that holds one runs
  // its iterations' accesses in intervals of their own.
  if (loop->walk([](gpu::BarrierOp) { return WalkResult::interrupt(); })
          .wasInterrupted())
    return std::nullopt;
  if (workgroup && mayTouchWorkgroupMemory(loop, access, /*reads=*/writes))
    return std::nullopt;
  return result;
}

Value mlir::offload::loopAccessInBounds(OpBuilder &b, Location loc,
                                        const LoopAccess &access,
                                        ArrayRef<Value> sizes,
                                        SmallVectorImpl<Value> &firstIndices,
                                        Value &tripCount) {
  using Pred = arith::CmpIPredicate;
  scf::ForOp loop = access.loop;
  Value lower = loop.getLowerBound(), upper = loop.getUpperBound(),
        step = loop.getStep();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  // A step that is not positive is undefined behaviour for scf.for: its
  // iterations are told one by one.
  Value positive = arith::CmpIOp::create(b, loc, Pred::sgt, step, zero);
  Value safeStep = arith::SelectOp::create(b, loc, positive, step, one);
  Value runs = arith::CmpIOp::create(b, loc, Pred::slt, lower, upper);
  Value span = arith::SubIOp::create(b, loc, upper, lower);
  tripCount = arith::SelectOp::create(
      b, loc, runs, arith::CeilDivUIOp::create(b, loc, span, safeStep), zero);
  Value lastIteration = arith::SubIOp::create(b, loc, tripCount, one);
  // The loop ends after n iterations only if the induction variable does
  // not wrap past the largest index on its way to the upper bound: the last
  // iteration's value, lower + (n - 1) * step < upper, is at most
  // INT64_MAX - step.
  Value lastValue = arith::AddIOp::create(
      b, loc, lower, arith::MulIOp::create(b, loc, lastIteration, safeStep));
  Value headroom =
      arith::SubIOp::create(b, loc,
                            arith::ConstantIndexOp::create(
                                b, loc, std::numeric_limits<int64_t>::max()),
                            lastValue);
  Value inBounds = arith::CmpIOp::create(b, loc, Pred::uge, headroom, safeStep);
  for (auto [moves, value, size] :
       llvm::zip_equal(access.moves, access.values, sizes)) {
    Value first = value;
    if (moves)
      first = value ? arith::AddIOp::create(b, loc, lower, value).getResult()
                    : lower;
    firstIndices.push_back(first);
    Value fits = arith::CmpIOp::create(b, loc, Pred::ult, first, size);
    if (moves) {
      // first < size: size - 1 - first does not wrap, and each iteration
      // k <= (size - 1 - first) / step adds k * step <= size - 1 - first.
      Value room = arith::SubIOp::create(
          b, loc, arith::SubIOp::create(b, loc, size, one), first);
      Value reach = arith::DivUIOp::create(b, loc, room, safeStep);
      fits = arith::AndIOp::create(
          b, loc, fits,
          arith::CmpIOp::create(b, loc, Pred::ule, lastIteration, reach));
    }
    inBounds = arith::AndIOp::create(b, loc, inBounds, fits);
  }
  Value none = arith::CmpIOp::create(b, loc, Pred::eq, tripCount, zero);
  return arith::AndIOp::create(b, loc, positive,
                               arith::OrIOp::create(b, loc, none, inBounds));
}
