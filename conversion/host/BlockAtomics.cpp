//===- BlockAtomics.cpp - Shared-memory atomics as plain updates ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/BlockAtomics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-host"

using namespace mlir;

static bool isWorkgroupMemory(Value memref) {
  return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
      cast<MemRefType>(memref.getType()));
}

/// `current` updated with `value` as an atomic of `kind` would: MLIR's own
/// reduction op for every kind but `assign`.
static Value update(OpBuilder &b, Location loc, arith::AtomicRMWKind kind,
                    Value current, Value value) {
  if (kind == arith::AtomicRMWKind::assign)
    return value;
  return arith::getReductionOp(kind, b, loc, current, value);
}

static void makePlain(memref::AtomicRMWOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value current =
      memref::LoadOp::create(b, loc, op.getMemref(), op.getIndices());
  Value updated = update(b, loc, op.getKind(), current, op.getValue());
  memref::StoreOp::create(b, loc, updated, op.getMemref(), op.getIndices());
  op.getResult().replaceAllUsesWith(current);
  op.erase();
}

static void makePlain(memref::GenericAtomicRMWOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value current =
      memref::LoadOp::create(b, loc, op.getMemref(), op.getIndices());
  Block &body = op.getAtomicBody().front();
  IRMapping mapping;
  mapping.map(body.getArgument(0), current);
  for (Operation &nested : body.without_terminator())
    b.clone(nested, mapping);
  Value updated = mapping.lookupOrDefault(
      cast<memref::AtomicYieldOp>(body.getTerminator()).getResult());
  memref::StoreOp::create(b, loc, updated, op.getMemref(), op.getIndices());
  op.getResult().replaceAllUsesWith(current);
  op.erase();
}

void mlir::offload::makeBlockAtomicsPlain(gpu::GPUFuncOp kernel) {
  SmallVector<Operation *> atomics;
  kernel.walk([&](Operation *op) {
    if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op);
        rmw && isWorkgroupMemory(rmw.getMemref()))
      atomics.push_back(op);
    if (auto rmw = dyn_cast<memref::GenericAtomicRMWOp>(op);
        rmw && isWorkgroupMemory(rmw.getMemref()))
      atomics.push_back(op);
  });
  LLVM_DEBUG(llvm::dbgs() << "@" << kernel.getName() << ": " << atomics.size()
                          << " atomics on workgroup memory made plain\n");
  for (Operation *op : atomics) {
    if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op))
      makePlain(rmw);
    else
      makePlain(cast<memref::GenericAtomicRMWOp>(op));
  }
}
