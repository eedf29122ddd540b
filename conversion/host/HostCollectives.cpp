//===- HostCollectives.cpp - Block-wide reductions on the host ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/HostCollectives.h"

#include "mgpu/mgpu.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::offload;

/// `lhs` combined with `rhs` as `op` reduces.
static Value combine(OpBuilder &b, Location loc, gpu::AllReduceOp op, Value lhs,
                     Value rhs) {
  if (std::optional<gpu::AllReduceOperation> kind = op.getOp())
    return vector::makeArithReduction(b, loc, gpu::convertReductionKind(*kind),
                                      lhs, rhs);
  Block &body = op.getBody().front();
  IRMapping mapping;
  mapping.map(body.getArgument(0), lhs);
  mapping.map(body.getArgument(1), rhs);
  for (Operation &nested : body.without_terminator())
    b.clone(nested, mapping);
  return mapping.lookup(body.getTerminator()->getOperand(0));
}

static void lowerAllReduce(gpu::GPUFuncOp kernel, gpu::AllReduceOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  Type type = op.getType();

  int64_t slots = MGPU_MAX_BLOCK_THREADS;
  if (std::optional<DenseI32ArrayAttr> known = kernel.getKnownBlockSizeAttr();
      known && *known)
    slots = (*known)[0] * (*known)[1] * (*known)[2];
  auto workgroup =
      gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup);
  Value scratch = kernel.addWorkgroupAttribution(
      MemRefType::get({slots}, type, MemRefLayoutAttrInterface(), workgroup),
      loc);

  auto dim = [&](auto opType, gpu::Dimension d) -> Value {
    return decltype(opType)::create(b, loc, d);
  };
  Value bx = dim(gpu::BlockDimOp(), gpu::Dimension::x);
  Value by = dim(gpu::BlockDimOp(), gpu::Dimension::y);
  Value bz = dim(gpu::BlockDimOp(), gpu::Dimension::z);
  Value tx = dim(gpu::ThreadIdOp(), gpu::Dimension::x);
  Value ty = dim(gpu::ThreadIdOp(), gpu::Dimension::y);
  Value tz = dim(gpu::ThreadIdOp(), gpu::Dimension::z);
  Value linear = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(
          b, loc,
          arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, tz, by),
                                ty),
          bx),
      tx);
  Value threads =
      arith::MulIOp::create(b, loc, arith::MulIOp::create(b, loc, bx, by), bz);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);

  memref::StoreOp::create(b, loc, op.getValue(), scratch, linear);
  gpu::BarrierOp::create(b, loc);
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, linear, zero);
  auto fold = scf::IfOp::create(b, loc, isFirst);
  {
    OpBuilder fb = OpBuilder::atBlockTerminator(fold.thenBlock());
    Value first = memref::LoadOp::create(fb, loc, scratch, zero);
    auto loop = scf::ForOp::create(
        fb, loc, one, threads, one, ValueRange{first},
        [&](OpBuilder &lb, Location l, Value i, ValueRange acc) {
          Value next = memref::LoadOp::create(lb, l, scratch, i);
          scf::YieldOp::create(lb, l, combine(lb, l, op, acc[0], next));
        });
    memref::StoreOp::create(fb, loc, loop.getResult(0), scratch, zero);
  }
  gpu::BarrierOp::create(b, loc);
  Value total = memref::LoadOp::create(b, loc, scratch, zero);
  // Before the buffer may be written again (the reduction in a loop).
  gpu::BarrierOp::create(b, loc);
  op.replaceAllUsesWith(total);
  op.erase();
}

LogicalResult mlir::offload::lowerAllReduces(gpu::GPUFuncOp kernel) {
  SmallVector<gpu::AllReduceOp> reductions;
  kernel.walk([&](gpu::AllReduceOp op) { reductions.push_back(op); });
  for (gpu::AllReduceOp op : reductions)
    lowerAllReduce(kernel, op);
  return success();
}
