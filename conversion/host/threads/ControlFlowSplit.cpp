//===- ControlFlowSplit.cpp - A kernel's regions between splits -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/threads/ControlFlowSplit.h"
#include "conversion/host/threads/LoopsAcrossThreads.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-host"

using namespace mlir;
using namespace mlir::offload::threadloops;

/// The bytes that a prefetch brings in: a cache line on x86-64 and on most
/// AArch64 cores.
constexpr int64_t kCacheLineBytes = 64;

/// The next iteration's lines to read go to L2 (x86's prefetcht1, AArch64's
/// PLDL2KEEP), not L1. On a Zen 4 EPYC, a burst of prefetches into L1
/// stalled the loads of the iteration running meanwhile, likely because
/// each holds one of the core's few L1 miss buffers until its line comes:
/// a C copy of the stacked histogram's order took 1.48x the plain loops'
/// time with them, 1.11x with prefetches into L2, from where demand loads
/// and L1's own prefetcher bring the lines on. A line to write takes
/// prefetchw on x86 CPUs that have it, into L1 whatever the hint; elsewhere
/// it goes to L2 too.
constexpr uint32_t kPrefetchLocality = 2;

LogicalResult ControlFlowSplitter::emitOps(ArrayRef<Operation *> ops,
                                           Scope scope, OpBuilder &b) {
  // Ops run together until one where threads must meet at this scope's
  // level: a barrier everywhere, an exchange inside a warp loop.
  Sync meet = scope.isWarp() ? Sync::Warp : Sync::Block;
  SmallVector<Operation *> run;
  auto flush = [&]() -> LogicalResult {
    if (run.empty())
      return success();
    LogicalResult result = emitRun(run, scope, b);
    run.clear();
    return result;
  };
  for (Operation *op : ops) {
    Sync sync = barriers.getSync(op);
    // Loops worth running across the threads of the block. (Over a warp's
    // lanes, which stay in the cache, it gains nothing.)
    auto loop = sync == Sync::None && !scope.isWarp() ? dyn_cast<scf::ForOp>(op)
                                                      : nullptr;
    GridStrideLoops across;
    if (loop) {
      // A rewritten loop is erased: its results keep no home (one that
      // shareCarriedHomes gave them), which a later value could take over.
      SmallVector<Value> results(loop.getResults());
      across = rewriteGridStrideLoop(loop, values, threads.getBlockDim(0),
                                     threads.getBlockDim(1));
      if (!across.loops.empty())
        for (Value result : results)
          values.forgetHome(result);
      if (across.loops.empty() && isWorthRunningAcrossThreads(loop, values))
        across.loops.push_back(loop);
    }
    if (!across.loops.empty()) {
      if (failed(flush()))
        return failure();
      for (auto [i, acrossThreads] : llvm::enumerate(across.loops))
        if (failed(
                emitFor(acrossThreads, scope, b,
                        i == 0 && !across.walks.empty() ? &across : nullptr)))
          return failure();
      continue;
    }
    if (sync < meet || (sync == Sync::Warp && !scope.isWarp())) {
      run.push_back(op);
      continue;
    }
    if (failed(flush()))
      return failure();
    if (sync == Sync::Block && scope.isWarp())
      return op->emitError()
             << "this barrier is inside control flow that depends on the warp "
                "(a subgroup operation decides it); a barrier must be reached "
                "by every thread of the block";
    if (isa<gpu::BarrierOp>(op))
      continue; // the split is the barrier
    LogicalResult emitted = success();
    if (isExchange(op))
      emitted = exchanges.emit(op, scope, b);
    else if (barriers.isWarpSynchronous(op))
      // Every lane runs it, between the loops before and after it.
      emitted = emitRun(op, scope, b);
    else
      emitted = emitControl(op, scope, b);
    if (failed(emitted))
      return failure();
  }
  return flush();
}

LogicalResult ControlFlowSplitter::emitRun(ArrayRef<Operation *> run,
                                           Scope scope, OpBuilder &b) {
  // At block level with warps, each warp runs the ops, split at exchanges.
  if (!scope.isWarp() && threads.hasWarpLoops() &&
      llvm::any_of(run, [&](Operation *op) {
        return barriers.getSync(op) == Sync::Warp;
      }))
    return threads.emitWarpLoop(b, [&](OpBuilder &wb, Value warp) {
      return emitOps(run, Scope{warp, Value()}, wb);
    });
  XRange rows{threads.index(b, 0), threads.getBlockDim(1)};
  FailureOr<SmallVector<XPiece, 2>> pieces = getXPieces(run, scope, b, rows);
  if (failed(pieces))
    return failure();
  // The run of a grid-stride iteration whose threads span rows: each row
  // prefetches its part of the next iteration first.
  const Prefetches *prefetches = rowPrefetches;
  rowPrefetches = nullptr;
  auto prefetchRow = [&](OpBuilder &rb, Value rowStart) {
    emitPrefetchLines(*prefetches, rowStart, threads.getBlockDim(0), rb);
  };
  RowPrologueFn prologue =
      prefetches ? RowPrologueFn(prefetchRow) : RowPrologueFn();
  LogicalResult emitted =
      pieces->empty()
          ? threads.emitThreadLoop(
                scope, b,
                [&](OpBuilder &lb, const Thread &t) {
                  return cloneRun(run, t, lb);
                },
                prologue)
          : threads.emitThreadLoopInPieces(
                b, rows,
                llvm::map_to_vector(*pieces,
                                    [](const XPiece &p) { return p.range; }),
                [&](OpBuilder &lb, const Thread &t, unsigned piece) {
                  return cloneRun(run, t, lb, (*pieces)[piece].known);
                },
                prologue);
  if (failed(emitted))
    return failure();
  ownOps.trapIfFailed(b);
  return success();
}

/// Whether `v` is `id + offset`, the thread's id in `dim` plus a value the
/// same in every thread, in a sum that does not wrap (its add says so: nsw
/// where `isSigned` compares it, nuw otherwise; a global id's does,
/// markGlobalIdsNoWrap): `offset`, or null for the id alone; failure
/// otherwise.
static FailureOr<Value> getOffsetOfThreadId(Value v, gpu::Dimension dim,
                                            bool isSigned,
                                            const ThreadValues &values) {
  std::optional<ThreadValues::IdPlusOffset> sum =
      values.matchIdPlusUniform(v, dim);
  if (!sum || (sum->add && !bitEnumContainsAll(
                               sum->add.getOverflowFlags(),
                               isSigned ? arith::IntegerOverflowFlags::nsw
                                        : arith::IntegerOverflowFlags::nuw)))
    return failure();
  return sum->offset;
}

/// The leaves of `condition`'s tree of `arith.andi`, as far as `inRun`
/// holds its ops, each once: iteratively, as a condition may be a long
/// chain, or a graph that shares its nodes.
static SmallVector<Value>
collectConjuncts(Value condition,
                 const llvm::SmallPtrSetImpl<Operation *> &inRun) {
  llvm::SetVector<Value> leaves;
  llvm::SmallPtrSet<Operation *, 8> seen;
  SmallVector<Value> worklist = {condition};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    auto both = value.getDefiningOp<arith::AndIOp>();
    if (!both || !inRun.contains(both)) {
      leaves.insert(value);
      continue;
    }
    if (seen.insert(both).second)
      worklist.append({both.getRhs(), both.getLhs()});
  }
  return leaves.takeVector();
}

FailureOr<bool> ControlFlowSplitter::narrowByCompare(Value conjunct,
                                                     Scope scope, OpBuilder &b,
                                                     XPiece &piece,
                                                     XRange *rows) {
  using P = arith::CmpIPredicate;
  auto compare = conjunct.getDefiningOp<arith::CmpIOp>();
  if (!compare)
    return false;
  // `x + offset < limit` or `x + offset > limit`, either way round.
  P predicate = compare.getPredicate();
  Value id = compare.getLhs(), limit = compare.getRhs();
  if (!values.isUniform(limit)) {
    std::swap(id, limit);
    const std::pair<P, P> swapped[] = {
        {P::ult, P::ugt}, {P::ugt, P::ult}, {P::slt, P::sgt}, {P::sgt, P::slt}};
    for (auto [before, after] : swapped)
      if (compare.getPredicate() == before)
        predicate = after;
  }
  bool below = predicate == P::ult || predicate == P::slt;
  bool above = predicate == P::ugt || predicate == P::sgt;
  bool isSigned = predicate == P::slt || predicate == P::sgt;
  if ((!below && !above) || !values.isUniform(limit))
    return false;
  // A test of x narrows the piece; one of y, where given, the rows.
  XRange *range = &piece.range;
  Value size = threads.getBlockDim(0);
  FailureOr<Value> offset =
      getOffsetOfThreadId(id, gpu::Dimension::x, isSigned, values);
  if (failed(offset) && rows) {
    range = rows;
    size = threads.getBlockDim(1);
    offset = getOffsetOfThreadId(id, gpu::Dimension::y, isSigned, values);
  }
  if (failed(offset))
    return false;
  FailureOr<Value> bound = values.uniformValue(limit, scope, b);
  FailureOr<Value> from = *offset ? values.uniformValue(*offset, scope, b)
                                  : FailureOr<Value>(threads.index(b, 0));
  if (failed(bound) || failed(from))
    return failure();
  Value zero = threads.index(b, 0);
  P less = isSigned ? P::slt : P::ult;
  // In exact arithmetic, as the sum does not wrap (for y as for x). x +
  // from < bound: x < bound - from where from < bound (then bound - from is
  // exact, as unsigned), no x otherwise. x + from > bound: every x where
  // bound < from, else x > bound - from (exact, as unsigned).
  Value difference = arith::SubIOp::create(b, loc, *bound, *from);
  if (below) {
    Value some = arith::CmpIOp::create(b, loc, less, *from, *bound);
    range->bound = arith::MinUIOp::create(
        b, loc, range->bound,
        arith::SelectOp::create(b, loc, some, difference, zero));
  } else {
    Value one = threads.index(b, 1);
    Value every = arith::CmpIOp::create(b, loc, less, *bound, *from);
    Value last = arith::MinUIOp::create(
        b, loc, difference, arith::SubIOp::create(b, loc, size, one));
    Value first = arith::AddIOp::create(b, loc, last, one);
    range->from = arith::MaxUIOp::create(
        b, loc, range->from,
        arith::SelectOp::create(b, loc, every, zero, first));
  }
  piece.known.push_back({conjunct, true});
  return true;
}

FailureOr<SmallVector<ControlFlowSplitter::XPiece, 2>>
ControlFlowSplitter::getXPieces(ArrayRef<Operation *> run, Scope scope,
                                OpBuilder &b, XRange &rows) {
  if (scope.isWarp() || threads.hasWarpLoops())
    return SmallVector<XPiece, 2>();
  FailureOr<XPiece> narrowed = narrowToBranch(run, scope, b, rows);
  if (failed(narrowed))
    return failure();
  if (!narrowed->known.empty())
    return SmallVector<XPiece, 2>{*narrowed};
  return splitAtCompare(run, scope, b);
}

FailureOr<ControlFlowSplitter::XPiece>
ControlFlowSplitter::narrowToBranch(ArrayRef<Operation *> run, Scope scope,
                                    OpBuilder &b, XRange &rows) {
  // A run whose effects are all in one `if (... && lower < threadIdx.x +
  // offset && threadIdx.x + offset < upper && ...)` (the halving steps of a
  // tree reduction, a global id's bounds tests; likewise in y) loops over
  // the threads between those bounds only, in which those tests hold; the
  // run's other ops are pure, and used in the run only.
  XPiece piece{{threads.index(b, 0), threads.getBlockDim(0)}, {}};
  llvm::SmallPtrSet<Operation *, 8> inRun(run.begin(), run.end());
  Block *block = run.front()->getBlock();
  scf::IfOp branch;
  for (Operation *op : run) {
    if (auto candidate = dyn_cast<scf::IfOp>(op); candidate && !branch) {
      branch = candidate;
      continue;
    }
    bool usedOutside = llvm::any_of(op->getUsers(), [&](Operation *user) {
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      return !ancestor || !inRun.contains(ancestor);
    });
    if (op->getNumRegions() || !isMemoryEffectFree(op) || usedOutside)
      return piece;
  }
  if (!branch || branch.getNumResults() || !branch.getElseRegion().empty())
    return piece;
  for (Value conjunct : collectConjuncts(branch.getCondition(), inRun))
    if (failed(narrowByCompare(conjunct, scope, b, piece, &rows)))
      return failure();
  LLVM_DEBUG(if (!piece.known.empty()) llvm::dbgs()
             << "narrowing a thread loop to the x that pass " << branch.getLoc()
             << "\n");
  return piece;
}

FailureOr<SmallVector<ControlFlowSplitter::XPiece, 2>>
ControlFlowSplitter::splitAtCompare(ArrayRef<Operation *> run, Scope scope,
                                    OpBuilder &b) {
  // `v = x < n ? in[x] : 0`, a bounds test beside effects that every thread
  // has: the threads that pass run apart from the others, each piece with
  // the test's value known, so that what it decides folds away (and the
  // vectorizer needs no mask). One test splits the loop, as each doubles
  // the code.
  for (Operation *op : run) {
    auto compare = dyn_cast<arith::CmpIOp>(op);
    bool decides = compare && llvm::any_of(compare->getUsers(), [](auto *u) {
                     return isa<scf::IfOp, arith::SelectOp, arith::AndIOp>(u);
                   });
    if (!decides)
      continue;
    Value zero = threads.index(b, 0), size = threads.getBlockDim(0);
    XPiece pass{{zero, size}, {}};
    FailureOr<bool> narrowed =
        narrowByCompare(compare, scope, b, pass, /*rows=*/nullptr);
    if (failed(narrowed))
      return failure();
    if (!*narrowed)
      continue;
    LLVM_DEBUG(llvm::dbgs()
               << "splitting a thread loop at " << compare.getLoc() << "\n");
    // One end of the passing range moved: the threads past it fail.
    if (pass.range.from != zero)
      return SmallVector<XPiece, 2>{
          XPiece{{zero, pass.range.from}, {{compare, false}}}, pass};
    return SmallVector<XPiece, 2>{
        pass, XPiece{{pass.range.bound, size}, {{compare, false}}}};
  }
  return SmallVector<XPiece, 2>();
}

LogicalResult
ControlFlowSplitter::cloneRun(ArrayRef<Operation *> run, const Thread &t,
                              OpBuilder &b,
                              ArrayRef<std::pair<Value, bool>> known) {
  llvm::SmallPtrSet<Operation *, 16> inRun(run.begin(), run.end());
  Block *block = run.front()->getBlock();
  auto isInside = [&](Operation *op) {
    Operation *ancestor = op ? block->findAncestorOpInBlock(*op) : nullptr;
    return ancestor && inRun.contains(ancestor);
  };
  OpBuilder::InsertionGuard guard(b);
  if (memory.canFreeStackAfter(run, isInside))
    b.setInsertionPoint(createAllocaScope(b, loc));

  // The values the run uses from elsewhere, made available first.
  llvm::SetVector<Value> external;
  for (Operation *op : run)
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *definer = operand.getDefiningOp();
        if (auto arg = dyn_cast<BlockArgument>(operand))
          definer = arg.getOwner()->getParentOp();
        if (!isInside(definer))
          external.insert(operand);
      }
    });
  IRMapping mapping;
  for (Value v : external)
    if (failed(values.materialize(v, t, b, mapping)))
      return failure();

  // Before the clones, which use them.
  SmallVector<Value, 2> constants = llvm::map_to_vector(known, [&](auto test) {
    return Value(arith::ConstantOp::create(b, loc, b.getBoolAttr(test.second)));
  });
  for (Operation *op : run)
    b.clone(*op, mapping);
  for (auto [test, value] : llvm::zip_equal(known, constants))
    mapping.lookup(test.first).replaceAllUsesWith(value);

  SmallVector<Operation *> fixups;
  for (Operation *op : run)
    op->walk([&](Operation *nested) {
      if (ownOps.isThreadsOwn(nested))
        fixups.push_back(nested);
    });
  ownOps.makeThreadsOwn(fixups, mapping, t);

  // What later loops need is kept per thread, unless they can recompute it.
  for (Operation *op : run)
    for (Value result : op->getResults()) {
      bool usedOutside = llvm::any_of(
          result.getUsers(), [&](Operation *user) { return !isInside(user); });
      if (!usedOutside || values.canRecompute(result))
        continue;
      FailureOr<Value> home = values.getOrCreateHome(result);
      if (failed(home))
        return failure();
      memref::StoreOp::create(b, loc, mapping.lookup(result), *home, t.linear);
    }
  ownOps.stopFailedThreads(*b.getBlock()->getParent());
  return success();
}

LogicalResult ControlFlowSplitter::emitControl(Operation *op, Scope scope,
                                               OpBuilder &b) {
  LLVM_DEBUG(llvm::dbgs() << "hoisting out of the thread loops: "
                          << op->getName() << "\n");
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return emitFor(loop, scope, b);
  if (auto branch = dyn_cast<scf::IfOp>(op))
    return emitIf(branch, scope, b);
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return emitWhile(loop, scope, b);
  if (auto branch = dyn_cast<scf::IndexSwitchOp>(op))
    return emitSwitch(branch, scope, b);
  if (auto region = dyn_cast<scf::ExecuteRegionOp>(op)) {
    if (!region.getRegion().hasOneBlock())
      return op->emitError() << "the host target cannot split a barrier or "
                                "subgroup operation in an scf.execute_region "
                                "with several blocks";
    FailureOr<SmallVector<Value>> resultHomes =
        values.getOrCreateHomes(op->getResults());
    if (failed(resultHomes))
      return failure();
    return emitRegionBody(region.getRegion(), scope, b, *resultHomes);
  }
  return op->emitError()
         << "the host target splits kernels at barriers and subgroup "
            "operations in scf.for, scf.if, scf.while, scf.index_switch and "
            "scf.execute_region only, not in '"
         << op->getName() << "'";
}

LogicalResult ControlFlowSplitter::emitBlock(Block &block, Scope scope,
                                             OpBuilder &b, ValueRange yielded,
                                             ArrayRef<Value> homes) {
  if (failed(emitOps(bodyOps(block), scope, b)))
    return failure();
  return values.emitStores(scope, b, yielded, homes);
}

LogicalResult ControlFlowSplitter::emitRegionBody(Region &region, Scope scope,
                                                  OpBuilder &b,
                                                  ArrayRef<Value> resultHomes) {
  Block &block = region.front();
  return emitBlock(block, scope, b, block.getTerminator()->getOperands(),
                   resultHomes);
}

FailureOr<ControlFlowSplitter::Prefetches>
ControlFlowSplitter::preparePrefetches(const GridStrideLoops &walked, Value k,
                                       Scope scope, OpBuilder &b) {
  // Iteration k + 1 of every thread.
  FailureOr<Value> base = values.uniformValue(walked.base, scope, b);
  FailureOr<Value> step = values.uniformValue(walked.step, scope, b);
  if (failed(base) || failed(step))
    return failure();
  Value one = threads.index(b, 1);
  Prefetches prefetches;
  prefetches.next = arith::AddIOp::create(
      b, loc, *base,
      arith::MulIOp::create(b, loc, arith::AddIOp::create(b, loc, k, one),
                            *step));
  for (const StridedWalk &walk : walked.walks) {
    FailureOr<Value> memref = values.uniformValue(walk.memref, scope, b);
    if (failed(memref))
      return failure();
    StridedWalk uniformWalk = walk;
    uniformWalk.memref = *memref;
    for (Value &index : uniformWalk.indices) {
      FailureOr<Value> uniform = values.uniformValue(index, scope, b);
      if (failed(uniform))
        return failure();
      index = *uniform;
    }
    prefetches.walks.push_back(std::move(uniformWalk));
  }
  return prefetches;
}

void ControlFlowSplitter::emitPrefetchLines(const Prefetches &prefetches,
                                            Value from, Value count,
                                            OpBuilder &b) {
  Value start = arith::AddIOp::create(b, loc, prefetches.next, from);
  for (const StridedWalk &walk : prefetches.walks) {
    int64_t elements =
        std::max<int64_t>(1, kCacheLineBytes / walk.elementBytes);
    // Up to the line of the last element, wherever the first one starts.
    Value end =
        arith::AddIOp::create(b, loc, count, threads.index(b, elements - 1));
    auto lines = scf::ForOp::create(b, loc, threads.index(b, 0), end,
                                    threads.index(b, elements));
    OpBuilder body = OpBuilder::atBlockTerminator(lines.getBody());
    SmallVector<Value> indices = walk.indices;
    indices.push_back(
        arith::AddIOp::create(body, loc, start, lines.getInductionVar()));
    memref::PrefetchOp::create(body, loc, walk.memref, indices, walk.isWrite,
                               kPrefetchLocality, /*isDataCache=*/true);
  }
}

LogicalResult ControlFlowSplitter::emitFor(scf::ForOp op, Scope scope,
                                           OpBuilder &b,
                                           const GridStrideLoops *walked) {
  FailureOr<SmallVector<Value>> carried =
      values.getOrCreateHomes(op.getRegionIterArgs());
  if (failed(carried))
    return failure();
  for (auto [result, home] : llvm::zip_equal(op.getResults(), *carried))
    values.setHome(result, home);
  if (failed(values.emitStores(scope, b, op.getInitArgs(), *carried)))
    return failure();
  if (!scope.isWarp())
    shareCarriedHomes(op, *carried);
  // Inside a warp, lanes may have bounds of their own: each runs its own
  // iterations. (At block level, a loop that holds a barrier is uniform.)
  if (scope.isWarp() &&
      !llvm::all_of(
          ValueRange{op.getLowerBound(), op.getUpperBound(), op.getStep()},
          [&](Value v) { return values.isUniform(v); }))
    return divergent.emitFor(op, scope, b, *carried);
  FailureOr<Value> lb = values.uniformValue(op.getLowerBound(), scope, b);
  FailureOr<Value> ub = values.uniformValue(op.getUpperBound(), scope, b);
  FailureOr<Value> step = values.uniformValue(op.getStep(), scope, b);
  if (failed(lb) || failed(ub) || failed(step))
    return failure();
  auto loop = scf::ForOp::create(b, loc, *lb, *ub, *step, ValueRange{},
                                 /*bodyBuilder=*/nullptr, op.getUnsignedCmp());
  values.mapUniform(op.getInductionVar(), loop.getInductionVar());
  OpBuilder body = OpBuilder::atBlockTerminator(loop.getBody());
  if (!walked)
    return emitRegionBody(op.getRegion(), scope, body, *carried);
  // A cache line apart: all of the next iteration at once where its
  // threads are one row; else each row's part before the row runs, as a
  // burst of prefetches past what the CPU keeps in flight would be dropped
  // or stall (the blocks of a row stacked in y: 1.3x slower).
  FailureOr<Prefetches> prefetches =
      preparePrefetches(*walked, loop.getInductionVar(), scope, body);
  if (failed(prefetches))
    return failure();
  // (A flattened id leaves z out: its rows are those of one plane.)
  std::optional<int64_t> planes = getConstantIntValue(threads.getBlockDim(2));
  if (!walked->spansRows || threads.hasWarpLoops() || planes != 1) {
    FailureOr<Value> span = values.uniformValue(walked->span, scope, body);
    if (failed(span))
      return failure();
    emitPrefetchLines(*prefetches, threads.index(body, 0), *span, body);
    return emitRegionBody(op.getRegion(), scope, body, *carried);
  }
  rowPrefetches = &*prefetches;
  LogicalResult emitted = emitRegionBody(op.getRegion(), scope, body, *carried);
  rowPrefetches = nullptr;
  return emitted;
}

void ControlFlowSplitter::shareCarriedHomes(scf::ForOp op,
                                            ArrayRef<Value> carried) {
  // The next carried value, computed in a run of ops after every use of the
  // one it replaces, is kept where that one is: each thread reads its own
  // carried value before, at the end of the run, it stores the next one
  // over it; no loop copies one array to the other after each iteration.
  Block &body = *op.getBody();
  Operation *yield = body.getTerminator();
  for (auto [next, arg, home] :
       llvm::zip_equal(yield->getOperands(), op.getRegionIterArgs(), carried)) {
    Operation *definer = next.getDefiningOp();
    if (!definer || definer->getBlock() != &body || values.hasHome(next) ||
        barriers.getSync(definer) != Sync::None || values.canRecompute(next))
      continue;
    bool usedAfter = llvm::any_of(arg.getUsers(), [&](Operation *user) {
      Operation *top = body.findAncestorOpInBlock(*user);
      return top != definer && !top->isBeforeInBlock(definer);
    });
    if (!usedAfter)
      values.setHome(next, home);
  }
}

LogicalResult ControlFlowSplitter::emitIf(scf::IfOp op, Scope scope,
                                          OpBuilder &b) {
  if (scope.isWarp())
    return divergent.emitIf(op, scope, b);
  FailureOr<Value> condition = values.uniformValue(op.getCondition(), scope, b);
  FailureOr<SmallVector<Value>> resultHomes =
      values.getOrCreateHomes(op.getResults());
  if (failed(condition) || failed(resultHomes))
    return failure();
  bool hasElse = !op.getElseRegion().empty();
  auto branch = scf::IfOp::create(b, loc, *condition, hasElse);
  OpBuilder thenBuilder = OpBuilder::atBlockTerminator(branch.thenBlock());
  if (failed(
          emitRegionBody(op.getThenRegion(), scope, thenBuilder, *resultHomes)))
    return failure();
  if (!hasElse)
    return success();
  OpBuilder elseBuilder = OpBuilder::atBlockTerminator(branch.elseBlock());
  return emitRegionBody(op.getElseRegion(), scope, elseBuilder, *resultHomes);
}

LogicalResult ControlFlowSplitter::emitSwitch(scf::IndexSwitchOp op,
                                              Scope scope, OpBuilder &b) {
  if (scope.isWarp())
    return divergent.emitSwitch(op, scope, b);
  FailureOr<Value> selector = values.uniformValue(op.getArg(), scope, b);
  FailureOr<SmallVector<Value>> resultHomes =
      values.getOrCreateHomes(op.getResults());
  if (failed(selector) || failed(resultHomes))
    return failure();
  auto branch = scf::IndexSwitchOp::create(b, loc, TypeRange{}, *selector,
                                           op.getCases(), op.getNumCases());
  for (auto [from, to] :
       llvm::zip_equal(op->getRegions(), branch->getRegions())) {
    Block *block = &to.emplaceBlock();
    OpBuilder builder = OpBuilder::atBlockBegin(block);
    auto yield = scf::YieldOp::create(builder, loc);
    builder.setInsertionPoint(yield);
    if (failed(emitRegionBody(from, scope, builder, *resultHomes)))
      return failure();
  }
  return success();
}

LogicalResult ControlFlowSplitter::emitWhile(scf::WhileOp op, Scope scope,
                                             OpBuilder &b) {
  FailureOr<SmallVector<Value>> beforeHomes =
      values.getOrCreateHomes(op.getBeforeArguments());
  FailureOr<SmallVector<Value>> afterHomes =
      values.getOrCreateHomes(op.getAfterArguments());
  if (failed(beforeHomes) || failed(afterHomes))
    return failure();
  for (auto [result, home] : llvm::zip_equal(op.getResults(), *afterHomes))
    values.setHome(result, home);
  if (failed(values.emitStores(scope, b, op.getInits(), *beforeHomes)))
    return failure();
  if (scope.isWarp())
    return divergent.emitWhile(op, scope, b, *beforeHomes, *afterHomes);

  auto loop = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  Block *before = &loop.getBefore().emplaceBlock();
  Block *after = &loop.getAfter().emplaceBlock();

  OpBuilder beforeBuilder = OpBuilder::atBlockBegin(before);
  scf::ConditionOp condition = op.getConditionOp();
  if (failed(emitBlock(*op.getBeforeBody(), scope, beforeBuilder,
                       condition.getArgs(), *afterHomes)))
    return failure();
  FailureOr<Value> keepGoing =
      values.uniformValue(condition.getCondition(), scope, beforeBuilder);
  if (failed(keepGoing))
    return failure();
  scf::ConditionOp::create(beforeBuilder, loc, *keepGoing, ValueRange{});

  OpBuilder afterBuilder = OpBuilder::atBlockBegin(after);
  auto yield = scf::YieldOp::create(afterBuilder, loc);
  afterBuilder.setInsertionPoint(yield);
  return emitRegionBody(op.getAfter(), scope, afterBuilder, *beforeHomes);
}
