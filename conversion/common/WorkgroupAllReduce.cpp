//===- WorkgroupAllReduce.cpp - gpu.all_reduce for any subgroup size ------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/common/WorkgroupAllReduce.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;
using namespace mlir::offload;

/// `lhs` combined with `rhs` by `kind`.
static Value combine(OpBuilder &b, Location loc, gpu::AllReduceOperation kind,
                     Value lhs, Value rhs) {
  using Kind = gpu::AllReduceOperation;
  bool isFloat = isa<FloatType>(lhs.getType());
  switch (kind) {
  case Kind::ADD:
    return isFloat ? arith::AddFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::AddIOp::create(b, loc, lhs, rhs).getResult();
  case Kind::MUL:
    return isFloat ? arith::MulFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::MulIOp::create(b, loc, lhs, rhs).getResult();
  case Kind::MINUI:
    return arith::MinUIOp::create(b, loc, lhs, rhs);
  case Kind::MINSI:
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  case Kind::MINNUMF:
    return arith::MinNumFOp::create(b, loc, lhs, rhs);
  case Kind::MAXUI:
    return arith::MaxUIOp::create(b, loc, lhs, rhs);
  case Kind::MAXSI:
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  case Kind::MAXNUMF:
    return arith::MaxNumFOp::create(b, loc, lhs, rhs);
  case Kind::AND:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case Kind::OR:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case Kind::XOR:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  case Kind::MINIMUMF:
    return arith::MinimumFOp::create(b, loc, lhs, rhs);
  case Kind::MAXIMUMF:
    return arith::MaximumFOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("every gpu.all_reduce operation is combined");
}

/// `lhs` combined with `rhs` by the all_reduce's region, inlined.
static Value combineWithRegion(OpBuilder &b, gpu::AllReduceOp op, Value lhs,
                               Value rhs) {
  Region &body = op.getBody();
  IRMapping mapping;
  mapping.map(body.getArgument(0), lhs);
  mapping.map(body.getArgument(1), rhs);
  // The region is one block that ends in gpu.yield (verified).
  for (Operation &inner : body.front().without_terminator())
    b.clone(inner, mapping);
  return mapping.lookup(body.front().getTerminator()->getOperand(0));
}

/// The thread's index in its block, x fastest.
static Value getLinearThreadId(OpBuilder &b, Location loc) {
  Value x = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value y = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  Value z = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
  Value sizeX = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
  Value sizeY = gpu::BlockDimOp::create(b, loc, gpu::Dimension::y);
  Value zy =
      arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, z, sizeY), y);
  return arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, zy, sizeX),
                               x);
}

/// The smallest power of two at least `count` (at least 1).
static Value getPowerOfTwoAtLeast(OpBuilder &b, Location loc, Value count) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::WhileOp::create(
      b, loc, TypeRange{b.getIndexType()}, ValueRange{one},
      [&](OpBuilder &before, Location loc, ValueRange args) {
        Value below = arith::CmpIOp::create(
            before, loc, arith::CmpIPredicate::ult, args[0], count);
        scf::ConditionOp::create(before, loc, below, args);
      },
      [&](OpBuilder &after, Location loc, ValueRange args) {
        Value two = arith::ConstantIndexOp::create(after, loc, 2);
        scf::YieldOp::create(
            after, loc,
            ValueRange{arith::MulIOp::create(after, loc, args[0], two)});
      });
  return loop.getResult(0);
}

/// Folds `scratch[0 .. count)` into `scratch[0]` as a tree: at each step,
/// the threads below the stride combine their entry with the one a stride
/// further, then wait at a barrier. Every thread takes every step, so each
/// barrier is reached by the whole block.
static void foldAsTree(OpBuilder &b, Location loc, Value scratch, Value slot,
                       Value count,
                       function_ref<Value(OpBuilder &, Value, Value)> fold) {
  Value two = arith::ConstantIndexOp::create(b, loc, 2);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value first =
      arith::DivUIOp::create(b, loc, getPowerOfTwoAtLeast(b, loc, count), two);
  scf::WhileOp::create(
      b, loc, TypeRange{b.getIndexType()}, ValueRange{first},
      [&](OpBuilder &before, Location loc, ValueRange args) {
        Value more = arith::CmpIOp::create(
            before, loc, arith::CmpIPredicate::ugt, args[0], zero);
        scf::ConditionOp::create(before, loc, more, args);
      },
      [&](OpBuilder &after, Location loc, ValueRange args) {
        Value stride = args[0];
        Value other = arith::AddIOp::create(after, loc, slot, stride);
        Value low = arith::CmpIOp::create(after, loc, arith::CmpIPredicate::ult,
                                          slot, stride);
        Value inside = arith::CmpIOp::create(
            after, loc, arith::CmpIPredicate::ult, other, count);
        Value active = arith::AndIOp::create(after, loc, low, inside);
        scf::IfOp::create(
            after, loc, active, [&](OpBuilder &then, Location loc) {
              Value mine = memref::LoadOp::create(then, loc, scratch, slot);
              Value theirs = memref::LoadOp::create(then, loc, scratch, other);
              memref::StoreOp::create(then, loc, fold(then, mine, theirs),
                                      scratch, slot);
              scf::YieldOp::create(then, loc);
            });
        gpu::BarrierOp::create(after, loc);
        scf::YieldOp::create(
            after, loc,
            ValueRange{arith::DivUIOp::create(after, loc, stride, two)});
      });
}

/// The workgroup memory that the reductions of `type` in `kernel` share:
/// each ends at a barrier after every thread has read its result, so the
/// next may write it again. One of `maxThreads` entries unless the kernel's
/// block size is known, made at the first reduction of the type.
using ScratchBuffers = DenseMap<std::pair<Operation *, Type>, Value>;

static Value getScratch(gpu::GPUFuncOp kernel, Type type, int64_t maxThreads,
                        Location loc, ScratchBuffers &buffers) {
  Value &scratch = buffers[{kernel.getOperation(), type}];
  if (scratch)
    return scratch;
  int64_t entries = maxThreads;
  if (std::optional<ArrayRef<int32_t>> known = kernel.getKnownBlockSize())
    entries = int64_t((*known)[0]) * (*known)[1] * (*known)[2];
  auto workgroup = gpu::AddressSpaceAttr::get(kernel.getContext(),
                                              gpu::AddressSpace::Workgroup);
  scratch = kernel.addWorkgroupAttribution(
      MemRefType::get({entries}, type, MemRefLayoutAttrInterface(), workgroup),
      loc);
  return scratch;
}

/// The kinds of target that `op`'s gpu.module lists, for a message: each
/// once, by the attribute's name ("#offload.host"), without its parameters.
static std::string describeTargets(Operation *op) {
  auto module = op->getParentOfType<gpu::GPUModuleOp>();
  llvm::SetVector<StringRef> kinds;
  if (ArrayAttr targets = module ? module.getTargetsAttr() : nullptr)
    for (Attribute target : targets)
      kinds.insert(target.getAbstractAttribute().getName());
  if (kinds.empty())
    return "its gpu.module's target";
  std::string names;
  llvm::raw_string_ostream os(names);
  llvm::interleave(
      kinds, os, [&](StringRef kind) { os << "#" << kind; }, " and ");
  return names;
}

static LogicalResult expand(gpu::AllReduceOp op, int64_t maxThreads,
                            ScratchBuffers &buffers) {
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  Type type = op.getType();
  if (!kernel || !type.isIntOrFloat())
    return op.emitError() << "gpu.all_reduce of " << type
                          << " has no meaning for " << describeTargets(op)
                          << ": it reduces integers and floats in kernels";
  if (!op.getUniform())
    return op.emitError()
           << "gpu.all_reduce that not every thread of the block reaches has "
              "no meaning for "
           << describeTargets(op)
           << ": it waits at barriers, which every thread of the block must "
              "reach";
  Location loc = op.getLoc();
  Value scratch = getScratch(kernel, type, maxThreads, loc, buffers);

  OpBuilder b(op);
  Value slot = getLinearThreadId(b, loc);
  Value x = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
  Value y = gpu::BlockDimOp::create(b, loc, gpu::Dimension::y);
  Value z = gpu::BlockDimOp::create(b, loc, gpu::Dimension::z);
  Value count =
      arith::MulIOp::create(b, loc, arith::MulIOp::create(b, loc, x, y), z);
  memref::StoreOp::create(b, loc, op.getValue(), scratch, slot);
  gpu::BarrierOp::create(b, loc);
  std::optional<gpu::AllReduceOperation> kind = op.getOp();
  foldAsTree(b, loc, scratch, slot, count,
             [&](OpBuilder &nested, Value lhs, Value rhs) {
               return kind ? combine(nested, loc, *kind, lhs, rhs)
                           : combineWithRegion(nested, op, lhs, rhs);
             });
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value result = memref::LoadOp::create(b, loc, scratch, zero);
  // Before a later reduction writes the scratch again.
  gpu::BarrierOp::create(b, loc);
  op.replaceAllUsesWith(result);
  op.erase();
  return success();
}

LogicalResult
mlir::offload::expandAllReducesInWorkgroupMemory(gpu::GPUModuleOp module,
                                                 int64_t maxThreads) {
  SmallVector<gpu::AllReduceOp> reductions;
  module.walk([&](gpu::AllReduceOp op) { reductions.push_back(op); });
  ScratchBuffers buffers;
  for (gpu::AllReduceOp op : reductions)
    if (failed(expand(op, maxThreads, buffers)))
      return failure();
  return success();
}
