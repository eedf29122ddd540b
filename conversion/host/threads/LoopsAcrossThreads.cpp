//===- LoopsAcrossThreads.cpp - Loops worth running across threads --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/threads/LoopsAcrossThreads.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-host"

using namespace mlir;
using namespace mlir::offload::threadloops;

/// Whether `v` is computed, through pure ops, from a value that `isSource`
/// accepts.
static bool dependsOn(Value v, llvm::function_ref<bool(Value)> isSource,
                      int depth = 0) {
  if (isSource(v))
    return true;
  Operation *op = v.getDefiningOp();
  if (!op || depth > 16 || op->getNumRegions() || !isMemoryEffectFree(op))
    return false;
  return llvm::any_of(op->getOperands(), [&](Value operand) {
    return dependsOn(operand, isSource, depth + 1);
  });
}

static bool isThreadIdX(Value v) {
  auto id = v.getDefiningOp<gpu::ThreadIdOp>();
  return id && id.getDimension() == gpu::Dimension::x;
}

/// Whether `memref[indices]` is memory outside the block, at a place whose
/// innermost subscript follows the thread's x id and another one `iv`.
static bool walksAcrossThreads(Value memref, ValueRange indices, Value iv) {
  auto type = cast<MemRefType>(memref.getType());
  if (indices.size() < 2 ||
      gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type))
    return false;
  auto isIv = [&](Value v) { return v == iv; };
  return dependsOn(indices.back(), isThreadIdX) &&
         llvm::any_of(indices.drop_back(),
                      [&](Value index) { return dependsOn(index, isIv); });
}

/// Whether `loop`'s body is straight-line loads, stores and arithmetic with
/// an access outside shared memory that `walks` accepts (given the access's
/// memref and indices).
static bool
isStraightLineWalk(scf::ForOp loop,
                   llvm::function_ref<bool(Value, ValueRange)> walks) {
  bool walking = false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      walking |= walks(load.getMemref(), load.getIndices());
      continue;
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      walking |= walks(store.getMemref(), store.getIndices());
      continue;
    }
    // Anything else keeps the loop in each thread: control flow, calls,
    // allocations, atomics, printf and asserts (whose order across threads
    // would change) and thread ids.
    if (op.getNumRegions() || !isMemoryEffectFree(&op) || isThreadIdOp(&op))
      return false;
  }
  return walking;
}

bool mlir::offload::threadloops::isWorthRunningAcrossThreads(
    scf::ForOp loop, const ThreadValues &values) {
  if (!values.isUniform(loop.getLowerBound()) ||
      !values.isUniform(loop.getUpperBound()) ||
      !values.isUniform(loop.getStep()))
    return false;
  Value iv = loop.getInductionVar();
  bool acrossThreads =
      isStraightLineWalk(loop, [&](Value memref, ValueRange indices) {
        return walksAcrossThreads(memref, indices, iv);
      });
  LLVM_DEBUG(if (acrossThreads) llvm::dbgs()
             << "running a loop across the threads: " << loop.getLoc() << "\n");
  return acrossThreads;
}

/// `base` where `lowerBound` is `base + threadIdx.x` and `base` is uniform
/// (a new 0 where it is `threadIdx.x`, at `b`); null otherwise.
static Value getUniformBase(Value lowerBound, const ThreadValues &values,
                            OpBuilder &b) {
  if (isThreadIdX(lowerBound))
    return arith::ConstantOp::create(b, lowerBound.getLoc(),
                                     b.getZeroAttr(lowerBound.getType()));
  auto add = lowerBound.getDefiningOp<arith::AddIOp>();
  if (!add)
    return Value();
  for (auto [id, base] : {std::pair(add.getLhs(), add.getRhs()),
                          std::pair(add.getRhs(), add.getLhs())})
    if (isThreadIdX(id) && values.isUniform(base))
      return base;
  return Value();
}

/// The most iterations that any thread of a block `blockDimX` threads wide
/// has in `loop`, a grid-stride loop from `base + x`, in arithmetic that
/// cannot wrap: that of the thread whose lower bound is the smallest,
/// ceil((n - lowest) / step), or none when n <= lowest. Each thread's lower
/// bound wraps as the loop's own `base + x` does: when `base + blockDimX - 1`
/// wraps, some thread starts at the lowest value of the type.
static Value emitMostTrips(OpBuilder &b, scf::ForOp loop, Value base,
                           Value blockDimX) {
  Location loc = loop.getLoc();
  Value upper = loop.getUpperBound();
  Type type = upper.getType();
  bool isUnsigned = loop.getUnsignedCmp();
  auto less =
      isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
  unsigned width = DataLayout::closest(loop).getTypeSizeInBits(type);
  auto constant = [&](const APInt &value) {
    return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, value));
  };
  Value lastThread =
      arith::SubIOp::create(b, loc, blockDimX, constant(APInt(width, 1)));
  Value last = arith::AddIOp::create(b, loc, base, lastThread);
  Value wraps = arith::CmpIOp::create(b, loc, less, last, base);
  Value typeMin = constant(isUnsigned ? APInt::getMinValue(width)
                                      : APInt::getSignedMinValue(width));
  Value lowest = arith::SelectOp::create(b, loc, wraps, typeMin, base);
  // n - lowest, exact where lowest < n (as unsigned, in either order).
  Value some = arith::CmpIOp::create(b, loc, less, lowest, upper);
  Value span = arith::SubIOp::create(b, loc, upper, lowest);
  Value zero = constant(APInt::getZero(width));
  // (A step of 0, which scf.for does not allow, must not divide by 0 here.)
  Value step =
      arith::MaxUIOp::create(b, loc, loop.getStep(), constant(APInt(width, 1)));
  return arith::SelectOp::create(
      b, loc, some, arith::CeilDivUIOp::create(b, loc, span, step), zero);
}

scf::ForOp mlir::offload::threadloops::rewriteGridStrideLoop(
    scf::ForOp loop, const ThreadValues &values, Value blockDimX) {
  Value iv = loop.getInductionVar();
  if (!values.isUniform(loop.getUpperBound()) ||
      !values.isUniform(loop.getStep()) ||
      !isStraightLineWalk(loop, [&](Value memref, ValueRange indices) {
        return !indices.empty() &&
               !gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
                   cast<MemRefType>(memref.getType())) &&
               dependsOn(indices.back(), [&](Value v) { return v == iv; });
      }))
    return nullptr;
  OpBuilder b(loop);
  Value base = getUniformBase(loop.getLowerBound(), values, b);
  if (!base)
    return nullptr;
  LLVM_DEBUG(llvm::dbgs() << "running a grid-stride loop across the threads: "
                          << loop.getLoc() << "\n");
  Location loc = loop.getLoc();
  Type indexType = loop.getUpperBound().getType();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(indexType));
  Value one = arith::ConstantOp::create(b, loc, b.getOneAttr(indexType));
  // (Unsigned: the count may be 2^63 or more.)
  auto rewritten = scf::ForOp::create(
      b, loc, zero, emitMostTrips(b, loop, base, blockDimX), one,
      loop.getInitArgs(), /*bodyBuilder=*/nullptr, /*unsignedCmp=*/true);
  // Iteration k of each thread, where it has one: lower + k * step below n,
  // in exact arithmetic. k * step is exact (below the most any thread
  // spans), so the thread has it where lower < n and k * step < n - lower;
  // then lower + k * step does not wrap. The thread's carried values pass
  // unchanged where it has none.
  OpBuilder body = OpBuilder::atBlockBegin(rewritten.getBody());
  Value lower = loop.getLowerBound();
  Value upper = loop.getUpperBound();
  Value offset = arith::MulIOp::create(body, loc, rewritten.getInductionVar(),
                                       loop.getStep());
  Value started =
      arith::CmpIOp::create(body, loc,
                            loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                            lower, upper);
  Value notPast =
      arith::CmpIOp::create(body, loc, arith::CmpIPredicate::ult, offset,
                            arith::SubIOp::create(body, loc, upper, lower));
  Value inside = arith::AndIOp::create(body, loc, started, notPast);
  Value index = arith::AddIOp::create(body, loc, lower, offset);
  auto guard = scf::IfOp::create(body, loc, loop.getResultTypes(), inside,
                                 /*withElseRegion=*/loop.getNumResults() > 0);
  // (Blocks without results come with their scf.yield.)
  auto beforeEnd = [](Block *block) {
    return block->mightHaveTerminator() ? OpBuilder::atBlockTerminator(block)
                                        : OpBuilder::atBlockEnd(block);
  };
  OpBuilder then = beforeEnd(guard.thenBlock());
  IRMapping mapping;
  mapping.map(iv, index);
  mapping.map(loop.getRegionIterArgs(), rewritten.getRegionIterArgs());
  for (Operation &op : loop.getBody()->without_terminator())
    then.clone(op, mapping);
  if (loop.getNumResults()) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    scf::YieldOp::create(then, loc,
                         llvm::map_to_vector(yield.getOperands(), [&](Value v) {
                           return mapping.lookupOrDefault(v);
                         }));
    OpBuilder otherwise = beforeEnd(guard.elseBlock());
    scf::YieldOp::create(otherwise, loc, rewritten.getRegionIterArgs());
    Block *loopBody = rewritten.getBody();
    if (loopBody->mightHaveTerminator())
      loopBody->getTerminator()->erase();
    OpBuilder end = OpBuilder::atBlockEnd(loopBody);
    scf::YieldOp::create(end, loc, guard.getResults());
  }
  loop.replaceAllUsesWith(rewritten.getResults());
  loop.erase();
  return rewritten;
}
