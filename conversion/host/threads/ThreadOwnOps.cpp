//===- ThreadOwnOps.cpp - Ops whose clone is a thread's own ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/threads/ThreadOwnOps.h"

#include "abi/RuntimeAbi.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

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
      emitTrap(cast<cf::AssertOp>(clone), t);
    }
    clone->erase();
  }
}

void ThreadOwnOps::emitTrap(cf::AssertOp assertOp, const Thread &t) {
  OpBuilder fb(assertOp);
  Value failed = arith::XOrIOp::create(
      fb, loc, assertOp.getArg(), arith::ConstantIntOp::create(fb, loc, 1, 1));
  auto ifFailed = scf::IfOp::create(fb, loc, failed);
  OpBuilder tb = OpBuilder::atBlockBegin(ifFailed.thenBlock());
  MLIRContext *context = assertOp.getContext();
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i32 = tb.getI32Type();
  auto blockType = abi::getStructType(context, abi::Struct::MgpuHostBlock, 64);
  Value slot = LLVM::GEPOp::create(
      tb, loc, ptr, blockType, block,
      ArrayRef<LLVM::GEPArg>{0, abi::MgpuHostBlockField::trap});
  Value trap = LLVM::LoadOp::create(tb, loc, ptr, slot);
  SmallVector<Value> args = {block, trapMessage(tb, loc, assertOp.getMsg())};
  for (Value id : {t.x, t.y, t.z})
    args.push_back(arith::IndexCastUIOp::create(tb, loc, i32, id));
  auto trapType = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                              {ptr, ptr, i32, i32, i32});
  SmallVector<Value> callee = {trap};
  callee.append(args);
  LLVM::CallOp::create(tb, loc, trapType, callee);
}
