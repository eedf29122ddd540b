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
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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

/// Whether `a` and `b` are the same size: one value, or equal constants.
static bool isSameSize(Value a, Value b) {
  if (a == b)
    return true;
  std::optional<int64_t> x = getConstantIntValue(a), y = getConstantIntValue(b);
  return x && y && *x == *y;
}

/// Where a grid-stride loop's threads start: at `base + id`, `id` the
/// thread's place among the `span` threads whose first iterations are
/// consecutive.
struct ThreadStarts {
  Value base, span;
  bool spansRows;
};

/// A term of a sum of products that an index is: a uniform value, the
/// thread's x id or its y id (`leaf`), times uniform `factors`.
struct Term {
  Value leaf;
  SmallVector<Value, 2> factors;
};

static bool isThreadIdY(Value v) {
  auto id = v.getDefiningOp<gpu::ThreadIdOp>();
  return id && id.getDimension() == gpu::Dimension::y;
}

/// Appends to `terms` those of `v`, a tree of adds and of products with
/// uniform values over uniform values and the thread's x and y ids, all of
/// `v`'s type; false where it is not one.
static bool collectTerms(Value v, const ThreadValues &values,
                         SmallVectorImpl<Term> &terms, int depth = 0) {
  if (isThreadIdX(v) || isThreadIdY(v) || values.isUniform(v)) {
    terms.push_back({v, {}});
    return true;
  }
  Operation *op = v.getDefiningOp();
  if (!op || depth > 8 || op->getNumOperands() != 2 ||
      op->getOperand(0).getType() != v.getType() ||
      op->getOperand(1).getType() != v.getType())
    return false;
  if (isa<arith::AddIOp>(op))
    return collectTerms(op->getOperand(0), values, terms, depth + 1) &&
           collectTerms(op->getOperand(1), values, terms, depth + 1);
  if (!isa<arith::MulIOp>(op))
    return false;
  for (auto [term, factor] :
       {std::pair(op->getOperand(0), op->getOperand(1)),
        std::pair(op->getOperand(1), op->getOperand(0))}) {
    if (!values.isUniform(factor))
      continue;
    size_t first = terms.size();
    if (!collectTerms(term, values, terms, depth + 1))
      return false;
    for (Term &scaled : llvm::drop_begin(terms, first))
      scaled.factors.push_back(factor);
    return true;
  }
  return false;
}

/// The starts of the threads of a block `blockDimX` by `blockDimY` in a
/// loop from `lowerBound`: `base + threadIdx.x` with `base` uniform (span
/// blockDimX), or, as a flattened id, `base + threadIdx.y * blockDimX +
/// threadIdx.x` in any sum of products with uniform values (span blockDimX
/// * blockDimY; `(u + threadIdx.y) * blockDimX + threadIdx.x`, the global
/// id of the blocks of a row stacked in y (BlockRows.h), is one), whose
/// rows of threads are consecutive as the thread loops run them. New values
/// at `b`; none where neither matches.
static std::optional<ThreadStarts>
getThreadStarts(Value lowerBound, const ThreadValues &values, Value blockDimX,
                Value blockDimY, OpBuilder &b) {
  Location loc = lowerBound.getLoc();
  // Made only where the loop matches: nothing is left behind otherwise.
  auto zero = [&]() -> Value {
    return arith::ConstantOp::create(b, loc,
                                     b.getZeroAttr(lowerBound.getType()));
  };
  if (std::optional<ThreadValues::IdPlusOffset> sum =
          values.matchIdPlusUniform(lowerBound, gpu::Dimension::x))
    return ThreadStarts{sum->offset ? sum->offset : zero(), blockDimX,
                        /*spansRows=*/false};
  SmallVector<Term> terms;
  if (!isa<IndexType>(lowerBound.getType()) ||
      !collectTerms(lowerBound, values, terms))
    return std::nullopt;
  // One x, unscaled; one y, times blockDimX alone.
  auto count = [&](function_ref<bool(Value)> is) {
    return llvm::count_if(terms, [&](const Term &t) { return is(t.leaf); });
  };
  for (const Term &term : terms)
    if ((isThreadIdX(term.leaf) && !term.factors.empty()) ||
        (isThreadIdY(term.leaf) &&
         (term.factors.size() != 1 || !isSameSize(term.factors[0], blockDimX))))
      return std::nullopt;
  if (count(isThreadIdX) != 1 || count(isThreadIdY) != 1)
    return std::nullopt;
  Value base = zero();
  for (const Term &term : terms) {
    if (isThreadIdX(term.leaf) || isThreadIdY(term.leaf))
      continue;
    Value product = term.leaf;
    for (Value factor : term.factors)
      product = arith::MulIOp::create(b, loc, product, factor);
    base = arith::AddIOp::create(b, loc, base, product);
  }
  return ThreadStarts{base, arith::MulIOp::create(b, loc, blockDimX, blockDimY),
                      /*spansRows=*/true};
}

/// How many iterations the `span` threads of a block have in `loop`, a
/// grid-stride loop from `base + id`, `id` below `span`.
struct TripCounts {
  /// The most that any thread has.
  Value most;
  /// The iterations that every thread has: before them, no thread's
  /// iteration needs its bounds tested.
  Value everyThread;
};

/// The trip counts of `loop` in arithmetic that cannot wrap: the most, that
/// of the thread whose lower bound is the smallest, ceil((n - lowest) /
/// step), or none when n <= lowest; the iterations of every thread, those
/// of the thread whose lower bound is the largest, `base + span - 1`,
/// computed alike, and none where that wraps. Each thread's lower bound
/// wraps as `base + id` does (the loop's own arithmetic is the same modulo
/// the type's size): when `base + span - 1` wraps, some thread starts at
/// the lowest value of the type.
static TripCounts emitTripCounts(OpBuilder &b, scf::ForOp loop, Value base,
                                 Value span) {
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
      arith::SubIOp::create(b, loc, span, constant(APInt(width, 1)));
  Value last = arith::AddIOp::create(b, loc, base, lastThread);
  Value wraps = arith::CmpIOp::create(b, loc, less, last, base);
  Value zero = constant(APInt::getZero(width));
  // (A step of 0, which scf.for does not allow, must not divide by 0 here.)
  Value step =
      arith::MaxUIOp::create(b, loc, loop.getStep(), constant(APInt(width, 1)));
  // The trips of a thread whose lower bound is `lower`, given `starts`,
  // whether lower < n: n - lower is exact then (as unsigned, in either
  // order).
  auto trips = [&](Value lower, Value starts) {
    Value span = arith::SubIOp::create(b, loc, upper, lower);
    return arith::SelectOp::create(
        b, loc, starts, arith::CeilDivUIOp::create(b, loc, span, step), zero);
  };
  Value typeMin = constant(isUnsigned ? APInt::getMinValue(width)
                                      : APInt::getSignedMinValue(width));
  Value lowest = arith::SelectOp::create(b, loc, wraps, typeMin, base);
  Value most =
      trips(lowest, arith::CmpIOp::create(b, loc, less, lowest, upper));
  Value lastStarts = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, less, last, upper),
      arith::XOrIOp::create(
          b, loc, wraps,
          arith::ConstantOp::create(b, loc, b.getBoolAttr(true))));
  return {most, trips(last, lastStarts)};
}

/// Fills `rewritten`'s body with iteration k of each thread of `loop`, at
/// i = lower + k * step, `lower` the thread's own lower bound. `guarded`:
/// only where the thread has that iteration, lower + k * step below n in
/// exact arithmetic; k * step is exact (below the most any thread spans),
/// so the thread has it where lower < n and k * step < n - lower, and then
/// lower + k * step does not wrap. The thread's carried values pass
/// unchanged where it has none. Unguarded, every thread has it.
static void fillIterations(scf::ForOp loop, scf::ForOp rewritten,
                           bool guarded) {
  Location loc = loop.getLoc();
  // (Blocks without results come with their scf.yield.)
  Block *loopBody = rewritten.getBody();
  if (loopBody->mightHaveTerminator())
    loopBody->getTerminator()->erase();
  OpBuilder body = OpBuilder::atBlockEnd(loopBody);
  Value lower = loop.getLowerBound();
  Value upper = loop.getUpperBound();
  Value offset = arith::MulIOp::create(body, loc, rewritten.getInductionVar(),
                                       loop.getStep());
  Value index = arith::AddIOp::create(body, loc, lower, offset);
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), index);
  mapping.map(loop.getRegionIterArgs(), rewritten.getRegionIterArgs());
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  auto yielded = [&] {
    return llvm::map_to_vector(yield.getOperands(), [&](Value v) {
      return mapping.lookupOrDefault(v);
    });
  };
  if (!guarded) {
    for (Operation &op : loop.getBody()->without_terminator())
      body.clone(op, mapping);
    scf::YieldOp::create(body, loc, yielded());
    return;
  }
  Value started =
      arith::CmpIOp::create(body, loc,
                            loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                            lower, upper);
  Value notPast =
      arith::CmpIOp::create(body, loc, arith::CmpIPredicate::ult, offset,
                            arith::SubIOp::create(body, loc, upper, lower));
  Value inside = arith::AndIOp::create(body, loc, started, notPast);
  auto guard = scf::IfOp::create(body, loc, loop.getResultTypes(), inside,
                                 /*withElseRegion=*/loop.getNumResults() > 0);
  auto beforeEnd = [](Block *block) {
    return block->mightHaveTerminator() ? OpBuilder::atBlockTerminator(block)
                                        : OpBuilder::atBlockEnd(block);
  };
  OpBuilder then = beforeEnd(guard.thenBlock());
  for (Operation &op : loop.getBody()->without_terminator())
    then.clone(op, mapping);
  if (loop.getNumResults()) {
    scf::YieldOp::create(then, loc, yielded());
    OpBuilder otherwise = beforeEnd(guard.elseBlock());
    scf::YieldOp::create(otherwise, loc, rewritten.getRegionIterArgs());
  }
  scf::YieldOp::create(body, loc, guard.getResults());
}

/// The places that `loop`'s body accesses at `[indices..., iv]`, the other
/// indices uniform, each once (written, where any access writes it). Only
/// values defined before the loop, which outlives them, are kept.
static SmallVector<StridedWalk> findStridedWalks(scf::ForOp loop,
                                                 const ThreadValues &values) {
  SmallVector<StridedWalk> walks;
  DataLayout layout = DataLayout::closest(loop);
  auto isKept = [&](Value v) {
    return loop.isDefinedOutsideOfLoop(v) && values.isUniform(v);
  };
  auto add = [&](Value memref, ValueRange indices, bool isWrite) {
    auto type = cast<MemRefType>(memref.getType());
    if (indices.empty() || indices.back() != loop.getInductionVar() ||
        !type.isLastDimUnitStride() || !isKept(memref) ||
        !llvm::all_of(indices.drop_back(), isKept))
      return;
    for (StridedWalk &walk : walks)
      if (walk.memref == memref &&
          llvm::equal(walk.indices, indices.drop_back())) {
        walk.isWrite |= isWrite;
        return;
      }
    int64_t bytes = std::max<int64_t>(
        1, layout.getTypeSize(type.getElementType()).getFixedValue());
    walks.push_back(
        {memref, llvm::to_vector(indices.drop_back()), bytes, isWrite});
  };
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto load = dyn_cast<memref::LoadOp>(op))
      add(load.getMemref(), load.getIndices(), /*isWrite=*/false);
    else if (auto store = dyn_cast<memref::StoreOp>(op))
      add(store.getMemref(), store.getIndices(), /*isWrite=*/true);
  }
  return walks;
}

GridStrideLoops mlir::offload::threadloops::rewriteGridStrideLoop(
    scf::ForOp loop, const ThreadValues &values, Value blockDimX,
    Value blockDimY) {
  Value iv = loop.getInductionVar();
  if (!values.isUniform(loop.getUpperBound()) ||
      !values.isUniform(loop.getStep()) ||
      !isStraightLineWalk(loop, [&](Value memref, ValueRange indices) {
        return !indices.empty() &&
               !gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
                   cast<MemRefType>(memref.getType())) &&
               dependsOn(indices.back(), [&](Value v) { return v == iv; });
      }))
    return {};
  OpBuilder b(loop);
  std::optional<ThreadStarts> starts =
      getThreadStarts(loop.getLowerBound(), values, blockDimX, blockDimY, b);
  if (!starts)
    return {};
  LLVM_DEBUG(llvm::dbgs() << "running a grid-stride loop across the threads: "
                          << loop.getLoc() << "\n");
  Location loc = loop.getLoc();
  Type indexType = loop.getUpperBound().getType();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(indexType));
  Value one = arith::ConstantOp::create(b, loc, b.getOneAttr(indexType));
  TripCounts trips = emitTripCounts(b, loop, starts->base, starts->span);
  // The iterations that every thread has, without a test, then the others.
  // (Unsigned: the counts may be 2^63 or more.)
  auto everyThread = scf::ForOp::create(
      b, loc, zero, trips.everyThread, one, loop.getInitArgs(),
      /*bodyBuilder=*/nullptr, /*unsignedCmp=*/true);
  fillIterations(loop, everyThread, /*guarded=*/false);
  auto rest = scf::ForOp::create(b, loc, trips.everyThread, trips.most, one,
                                 everyThread.getResults(),
                                 /*bodyBuilder=*/nullptr, /*unsignedCmp=*/true);
  fillIterations(loop, rest, /*guarded=*/true);
  GridStrideLoops rewritten{
      {everyThread, rest}, starts->base,      starts->span,
      loop.getStep(),      starts->spansRows, findStridedWalks(loop, values)};
  loop.replaceAllUsesWith(rest.getResults());
  loop.erase();
  return rewritten;
}
