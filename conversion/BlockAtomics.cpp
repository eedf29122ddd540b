//===- BlockAtomics.cpp - Shared-memory atomics as plain updates ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/BlockAtomics.h"

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

/// `current` updated with `value` as an atomic of `kind` would.
static Value update(OpBuilder &b, Location loc, arith::AtomicRMWKind kind,
                    Value current, Value value) {
  using arith::AtomicRMWKind;
  switch (kind) {
  case AtomicRMWKind::assign:
    return value;
  case AtomicRMWKind::addf:
    return arith::AddFOp::create(b, loc, current, value);
  case AtomicRMWKind::addi:
    return arith::AddIOp::create(b, loc, current, value);
  case AtomicRMWKind::andi:
    return arith::AndIOp::create(b, loc, current, value);
  case AtomicRMWKind::ori:
    return arith::OrIOp::create(b, loc, current, value);
  case AtomicRMWKind::xori:
    return arith::XOrIOp::create(b, loc, current, value);
  case AtomicRMWKind::mulf:
    return arith::MulFOp::create(b, loc, current, value);
  case AtomicRMWKind::muli:
    return arith::MulIOp::create(b, loc, current, value);
  case AtomicRMWKind::maximumf:
    return arith::MaximumFOp::create(b, loc, current, value);
  case AtomicRMWKind::minimumf:
    return arith::MinimumFOp::create(b, loc, current, value);
  case AtomicRMWKind::maxnumf:
    return arith::MaxNumFOp::create(b, loc, current, value);
  case AtomicRMWKind::minnumf:
    return arith::MinNumFOp::create(b, loc, current, value);
  case AtomicRMWKind::maxs:
    return arith::MaxSIOp::create(b, loc, current, value);
  case AtomicRMWKind::mins:
    return arith::MinSIOp::create(b, loc, current, value);
  case AtomicRMWKind::maxu:
    return arith::MaxUIOp::create(b, loc, current, value);
  case AtomicRMWKind::minu:
    return arith::MinUIOp::create(b, loc, current, value);
  }
  llvm_unreachable("every atomic kind has its update");
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
