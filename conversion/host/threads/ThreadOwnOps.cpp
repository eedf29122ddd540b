//===- ThreadOwnOps.cpp - Ops whose clone is a thread's own ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/threads/ThreadOwnOps.h"

#include "abi/RuntimeAbi.h"
#include "conversion/common/AssertReport.h"
#include "transforms/CountedLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::offload;
using namespace mlir::offload::threadloops;

bool ThreadOwnOps::isThreadsOwn(Operation *op) const {
  return isThreadIdOp(op) || isa<cf::AssertOp>(op) ||
         (isa<memref::AllocaOp>(op) && memory.contains(op->getResult(0)));
}

void ThreadOwnOps::makeThreadsOwn(ArrayRef<Operation *> sources,
                                  IRMapping &mapping, const Thread &t) {
  for (Operation *source : sources) {
    Operation *clone = mapping.lookupOrNull(source);
    if (!clone)
      continue;
    OpBuilder fb(clone);
    if (isThreadIdOp(source)) {
      clone->getResult(0).replaceAllUsesWith(getThreadId(source, t));
    } else if (auto alloca = dyn_cast<memref::AllocaOp>(source)) {
      clone->getResult(0).replaceAllUsesWith(
          memory.getSlice(alloca.getResult(), t.linear, fb));
    } else {
      reportFailure(cast<cf::AssertOp>(clone), t);
    }
    clone->erase();
  }
}

void ThreadOwnOps::makeFailureRecord() {
  // Made once, with the first assert: `stopped` is set then.
  if (stopped)
    return;
  MLIRContext *context = entry.getContext();
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i32 = entry.getI32Type();
  Value one = LLVM::ConstantOp::create(entry, loc, i32, 1);
  firstMessage = LLVM::AllocaOp::create(entry, loc, ptr, ptr, one);
  firstThread = LLVM::AllocaOp::create(entry, loc, ptr,
                                       LLVM::LLVMArrayType::get(i32, 3), one);
  stopped = LLVM::AllocaOp::create(entry, loc, ptr, entry.getI1Type(), one);
  LLVM::StoreOp::create(entry, loc, LLVM::ZeroOp::create(entry, loc, ptr),
                        firstMessage);
}

Value ThreadOwnOps::isStopped(OpBuilder &b, Location l) {
  return LLVM::LoadOp::create(b, l, b.getI1Type(), stopped);
}

/// The address of the thread id `dim` in the record of the first failure.
static Value getFailedThreadId(OpBuilder &b, Location loc, Value record,
                               int32_t dim) {
  Type i32 = b.getI32Type();
  return LLVM::GEPOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext()),
                             LLVM::LLVMArrayType::get(i32, 3), record,
                             ArrayRef<LLVM::GEPArg>{0, dim});
}

void ThreadOwnOps::reportFailure(cf::AssertOp assertOp, const Thread &t) {
  makeFailureRecord();
  OpBuilder fb(assertOp);
  Location l = assertOp.getLoc();
  Value failed = arith::XOrIOp::create(
      fb, l, assertOp.getArg(), arith::ConstantIntOp::create(fb, l, 1, 1));
  auto ifFailed = scf::IfOp::create(fb, l, failed);
  OpBuilder tb = ifFailed.getThenBodyBuilder();
  Type i32 = tb.getI32Type();
  SmallVector<Value> ids;
  for (Value id :
       {values.blockId[0], values.blockId[1], values.blockId[2], t.x, t.y, t.z})
    ids.push_back(arith::IndexCastUIOp::create(tb, l, i32, id));
  gpu::PrintfOp::create(tb, l,
                        tb.getStringAttr(getAssertReportFormat(assertOp)), ids);
  // The launch fails with the block's first failure.
  Type ptr = LLVM::LLVMPointerType::get(tb.getContext());
  Value first = LLVM::LoadOp::create(tb, l, ptr, firstMessage);
  Value isFirst = LLVM::ICmpOp::create(tb, l, LLVM::ICmpPredicate::eq, first,
                                       LLVM::ZeroOp::create(tb, l, ptr));
  auto ifFirst = scf::IfOp::create(tb, l, isFirst);
  OpBuilder rb = ifFirst.getThenBodyBuilder();
  LLVM::StoreOp::create(rb, l, trapMessage(rb, l, assertOp.getMsg()),
                        firstMessage);
  for (int32_t dim = 0; dim < 3; ++dim)
    LLVM::StoreOp::create(rb, l, ids[3 + dim],
                          getFailedThreadId(rb, l, firstThread, dim));
  LLVM::StoreOp::create(
      tb, l, LLVM::ConstantOp::create(tb, l, tb.getI1Type(), 1), stopped);
  failures.push_back(ifFailed);
}

/// Moves the ops of `block` from `first` up to its terminator into an
/// `scf.if` on `running`; what the terminator uses of them becomes the
/// if's results, poison where it did not run.
static void runOnlyIf(Block &block, Block::iterator first,
                      function_ref<Value(OpBuilder &, Location)> running) {
  Operation *terminator = block.getTerminator();
  // Nothing follows a terminator (an assert in an scf.reduce region climbs
  // through one).
  if (first == block.end() || first == terminator->getIterator())
    return;
  SmallVector<Operation *> moved;
  for (auto it = first; it != terminator->getIterator(); ++it)
    moved.push_back(&*it);
  llvm::SmallPtrSet<Operation *, 16> inMoved(moved.begin(), moved.end());
  llvm::SetVector<Value> used;
  for (Operation *op : moved)
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers())
        if (!inMoved.contains(block.findAncestorOpInBlock(*user)))
          used.insert(result);
  Location loc = moved.front()->getLoc();
  OpBuilder b(moved.front());
  SmallVector<Type> types =
      llvm::map_to_vector(used, [](Value value) { return value.getType(); });
  auto guard = scf::IfOp::create(b, loc, types, running(b, loc),
                                 /*addThenBlock=*/true,
                                 /*addElseBlock=*/!used.empty());
  Block *then = guard.thenBlock();
  if (!then->empty() && then->back().hasTrait<OpTrait::IsTerminator>())
    then->back().erase();
  for (Operation *op : moved)
    op->moveBefore(then, then->end());
  OpBuilder tb = OpBuilder::atBlockEnd(then);
  scf::YieldOp::create(tb, loc, used.getArrayRef());
  if (used.empty())
    return;
  OpBuilder eb = OpBuilder::atBlockEnd(guard.elseBlock());
  SmallVector<Value> poison = llvm::map_to_vector(types, [&](Type type) {
    return ub::PoisonOp::create(eb, loc, type).getResult();
  });
  scf::YieldOp::create(eb, loc, poison);
  for (auto [index, result] : llvm::enumerate(guard.getResults()))
    Value(used[index]).replaceUsesWithIf(result, [&](OpOperand &use) {
      return !guard->isAncestor(use.getOwner());
    });
}

/// `loop` as an scf.while, whose condition a stopped thread can make false:
/// an scf.for would run its remaining iterations, empty, and one of 2^62
/// would not end. A loop whose `i + step` could wrap counts its iterations
/// first (CountedLoops.h), so that `i + step` below cannot.
static scf::WhileOp makeEndable(scf::ForOp loop, RewriterBase &rewriter) {
  if (mayStepPastEnd(loop)) {
    Operation *next = loop->getNextNode();
    rewriteAsCountedLoop(loop, rewriter);
    loop = cast<scf::ForOp>(next->getPrevNode());
  }
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> inits = {loop.getLowerBound()};
  llvm::append_range(inits, loop.getInitArgs());
  SmallVector<Type> types =
      llvm::map_to_vector(inits, [](Value v) { return v.getType(); });
  SmallVector<Location> locs(types.size(), loc);
  auto whileOp = scf::WhileOp::create(rewriter, loc, types, inits);
  Block *before = rewriter.createBlock(&whileOp.getBefore(), {}, types, locs);
  Value more =
      arith::CmpIOp::create(rewriter, loc,
                            loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                            before->getArgument(0), loop.getUpperBound());
  scf::ConditionOp::create(rewriter, loc, more, before->getArguments());
  Block *after = rewriter.createBlock(&whileOp.getAfter(), {}, types, locs);
  rewriter.mergeBlocks(loop.getBody(), after, after->getArguments());
  auto yield = cast<scf::YieldOp>(after->getTerminator());
  rewriter.setInsertionPoint(yield);
  SmallVector<Value> yielded = {arith::AddIOp::create(
      rewriter, loc, after->getArgument(0), loop.getStep())};
  llvm::append_range(yielded, yield.getOperands());
  rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, yielded);
  rewriter.replaceOp(loop, whileOp.getResults().drop_front());
  return whileOp;
}

void ThreadOwnOps::stopFailedThreads(Region &body) {
  if (failures.empty())
    return;
  auto running = [&](OpBuilder &b, Location l) -> Value {
    return arith::XOrIOp::create(b, l, isStopped(b, l),
                                 arith::ConstantIntOp::create(b, l, 1, 1));
  };
  // Skips the rest of `op`'s block; in a region of branches (the kernel's
  // own, or an scf.execute_region's), leaves the region.
  auto skipRest = [&](Operation *op) {
    Block *block = op->getBlock();
    Region *region = block->getParent();
    auto executeRegion = dyn_cast<scf::ExecuteRegionOp>(region->getParentOp());
    if (region->hasOneBlock() || !executeRegion) {
      runOnlyIf(*block, std::next(op->getIterator()), running);
      return;
    }
    Location l = op->getLoc();
    Block *rest = block->splitBlock(std::next(op->getIterator()));
    auto *exit = new Block();
    region->push_back(exit);
    OpBuilder eb = OpBuilder::atBlockEnd(exit);
    SmallVector<Value> poison =
        llvm::map_to_vector(executeRegion.getResultTypes(), [&](Type type) {
          return ub::PoisonOp::create(eb, l, type).getResult();
        });
    scf::YieldOp::create(eb, l, poison);
    OpBuilder bb = OpBuilder::atBlockEnd(block);
    cf::CondBranchOp::create(bb, l, isStopped(bb, l), exit, rest);
  };
  for (Operation *failure : failures) {
    Operation *op = failure;
    while (op->getParentRegion() != &body) {
      Operation *parent = op->getParentOp();
      skipRest(op);
      if (auto forLoop = dyn_cast<scf::ForOp>(parent)) {
        IRRewriter rewriter(forLoop.getContext());
        parent = makeEndable(forLoop, rewriter);
      }
      // A loop's later iterations run nothing either; a while loop ends.
      if (isa<LoopLikeOpInterface>(parent)) {
        for (Region &region : parent->getRegions())
          for (Block &block : region)
            runOnlyIf(block, block.begin(), running);
        if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
          scf::ConditionOp condition = loop.getConditionOp();
          OpBuilder cb(condition);
          Location l = condition.getLoc();
          condition.getConditionMutable().assign(
              arith::SelectOp::create(cb, l, isStopped(cb, l),
                                      arith::ConstantIntOp::create(cb, l, 0, 1),
                                      condition.getCondition()));
        }
      }
      op = parent;
    }
    skipRest(op);
  }
  failures.clear();
  unchecked = true;
  // Each thread of the loop starts running.
  OpBuilder sb = OpBuilder::atBlockBegin(&body.front());
  LLVM::StoreOp::create(
      sb, loc, LLVM::ConstantOp::create(sb, loc, sb.getI1Type(), 0), stopped);
}

void ThreadOwnOps::trapIfFailed(OpBuilder &b) {
  if (!unchecked)
    return;
  unchecked = false;
  MLIRContext *context = b.getContext();
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i32 = b.getI32Type();
  Value message = LLVM::LoadOp::create(b, loc, ptr, firstMessage);
  Value failed = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, message,
                                      LLVM::ZeroOp::create(b, loc, ptr));
  auto ifFailed = scf::IfOp::create(b, loc, failed);
  OpBuilder tb = ifFailed.getThenBodyBuilder();
  auto blockType = abi::getStructType(context, abi::Struct::MgpuHostBlock, 64);
  Value slot = LLVM::GEPOp::create(
      tb, loc, ptr, blockType, values.block,
      ArrayRef<LLVM::GEPArg>{0, abi::MgpuHostBlockField::trap});
  Value trap = LLVM::LoadOp::create(tb, loc, ptr, slot);
  SmallVector<Value> callee = {trap, values.block, message};
  for (int32_t dim = 0; dim < 3; ++dim)
    callee.push_back(LLVM::LoadOp::create(
        tb, loc, i32, getFailedThreadId(tb, loc, firstThread, dim)));
  auto trapType = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                              {ptr, ptr, i32, i32, i32});
  LLVM::CallOp::create(tb, loc, trapType, callee);
}
