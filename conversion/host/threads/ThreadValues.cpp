//===- ThreadValues.cpp - Values that cross a split -----------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/threads/ThreadValues.h"

#include "conversion/host/memory/BlockMemory.h"
#include "conversion/host/threads/BarrierAnalysis.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::offload::threadloops;

std::optional<ThreadValues::IdPlusOffset>
ThreadValues::matchIdPlusUniform(Value v, gpu::Dimension dim) const {
  auto isId = [&](Value id) {
    auto op = id.getDefiningOp<gpu::ThreadIdOp>();
    return op && op.getDimension() == dim;
  };
  if (isId(v))
    return IdPlusOffset();
  auto add = v.getDefiningOp<arith::AddIOp>();
  if (!add)
    return std::nullopt;
  for (auto [id, offset] : {std::pair(add.getLhs(), add.getRhs()),
                            std::pair(add.getRhs(), add.getLhs())})
    if (isId(id) && isUniform(offset))
      return IdPlusOffset{offset, add};
  return std::nullopt;
}

bool ThreadValues::isUniform(Value v, int depth) const {
  if (uniform.contains(v))
    return true;
  Operation *op = v.getDefiningOp();
  if (!op || depth > 16 || isThreadIdOp(op) || op->getNumRegions() ||
      isExchange(op) || !isMemoryEffectFree(op) ||
      (isa<memref::AllocaOp>(op) && memory.contains(v)))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value operand) {
    return isUniform(operand, depth + 1);
  });
}

bool ThreadValues::canRecompute(Value v, int depth) const {
  if (uniform.contains(v) || memory.contains(v))
    return true;
  Operation *op = v.getDefiningOp();
  if (!op || depth > 16)
    return false;
  if (isThreadIdOp(op))
    return true;
  if (op->getNumRegions() || isExchange(op) || !isMemoryEffectFree(op))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value operand) {
    return canRecompute(operand, depth + 1);
  });
}

FailureOr<Value> ThreadValues::getOrCreateHome(Value v) {
  if (Value home = homes.lookup(v))
    return home;
  Type type = v.getType();
  if (!MemRefType::isValidElementType(type))
    return emitError(v.getLoc())
           << "the host target cannot keep a value of type " << type
           << " per thread across a barrier or subgroup operation; compute "
              "it after the barrier instead";
  Value home = memref::AllocaOp::create(
      entry, loc, MemRefType::get({ShapedType::kDynamic}, type),
      ValueRange{threads.getThreadCount()}, ValueRange{},
      entry.getI64IntegerAttr(kBlockBufferAlignment));
  homes[v] = home;
  return home;
}

FailureOr<SmallVector<Value>>
ThreadValues::getOrCreateHomes(ValueRange values) {
  SmallVector<Value> result;
  for (Value v : values) {
    FailureOr<Value> home = getOrCreateHome(v);
    if (failed(home))
      return failure();
    result.push_back(*home);
  }
  return result;
}

FailureOr<Value> ThreadValues::materialize(Value v, const Thread &t,
                                           OpBuilder &b, IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(v))
    return mapped;
  if (Value u = uniform.lookupOrNull(v)) {
    mapping.map(v, u);
    return u;
  }
  if (memory.contains(v)) {
    Value slice = memory.getSlice(v, t.linear, b);
    mapping.map(v, slice);
    return slice;
  }
  if (canRecompute(v)) {
    Operation *op = v.getDefiningOp();
    if (isThreadIdOp(op)) {
      Value id = getThreadId(op, t);
      mapping.map(v, id);
      return id;
    }
    for (Value operand : op->getOperands())
      if (failed(materialize(operand, t, b, mapping)))
        return failure();
    Operation *clone = b.clone(*op, mapping);
    return clone->getResult(cast<OpResult>(v).getResultNumber());
  }
  Value home = homes.lookup(v);
  if (!home)
    return emitError(v.getLoc())
           << "the host target lost track of a value used across a "
              "barrier or subgroup operation";
  Value loaded = memref::LoadOp::create(b, loc, home, t.linear);
  mapping.map(v, loaded);
  return loaded;
}

FailureOr<Value> ThreadValues::uniformValue(Value v, Scope scope,
                                            OpBuilder &b) {
  if (Value u = uniform.lookupOrNull(v))
    return u;
  Thread first = threads.firstThread(scope, b);
  IRMapping mapping;
  return materialize(v, first, b, mapping);
}

LogicalResult ThreadValues::emitStores(Scope scope, OpBuilder &b,
                                       ValueRange sources,
                                       ArrayRef<Value> targets) {
  SmallVector<std::pair<Value, Value>> copies;
  for (auto [source, target] : llvm::zip_equal(sources, targets))
    if (homes.lookup(source) != target)
      copies.push_back({source, target});
  if (copies.empty())
    return success();
  return threads.emitThreadLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
    IRMapping mapping;
    SmallVector<Value> read;
    for (Value source : llvm::make_first_range(copies)) {
      FailureOr<Value> v = materialize(source, t, lb, mapping);
      if (failed(v))
        return failure();
      read.push_back(*v);
    }
    for (auto [v, target] :
         llvm::zip_equal(read, llvm::make_second_range(copies)))
      memref::StoreOp::create(lb, loc, v, target, t.linear);
    return success();
  });
}
