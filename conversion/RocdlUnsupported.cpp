//===- RocdlUnsupported.cpp - What has no meaning on AMD GPUs -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/RocdlUnsupported.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

LogicalResult mlir::offload::checkRocdlSupported(gpu::GPUModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    Dialect *dialect = op->getDialect();
    StringRef why;
    if (isa_and_nonnull<nvgpu::NVGPUDialect>(dialect))
      why = "it is NVIDIA's (TMA, warpgroup MMA, mbarriers and asynchronous "
            "copies of Hopper and later)";
    else if (isa_and_nonnull<NVVM::NVVMDialect>(dialect))
      why = "it is an intrinsic of NVIDIA's PTX";
    if (why.empty())
      return WalkResult::advance();
    op->emitError() << "'" << op->getName()
                    << "' has no meaning on AMD GPUs (#offload.rocm): " << why
                    << "; compile this gpu.module for NVIDIA targets only";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// `text` as a printf format that prints it as it is.
static std::string escapeFormat(StringRef text) {
  std::string escaped;
  for (char c : text) {
    escaped += c;
    if (c == '%')
      escaped += '%';
  }
  return escaped;
}

void mlir::offload::lowerAssertsToTraps(gpu::GPUModuleOp module) {
  SmallVector<cf::AssertOp> asserts;
  module.walk([&](cf::AssertOp op) { asserts.push_back(op); });
  for (cf::AssertOp op : asserts) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    Value failed = arith::XOrIOp::create(
        b, loc, op.getArg(), arith::ConstantIntOp::create(b, loc, 1, 1));
    auto ifFailed = scf::IfOp::create(b, loc, failed);
    OpBuilder tb = OpBuilder::atBlockBegin(ifFailed.thenBlock());
    SmallVector<Value> ids;
    for (bool thread : {false, true})
      for (gpu::Dimension dim :
           {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
        Value id = thread ? gpu::ThreadIdOp::create(tb, loc, dim).getResult()
                          : gpu::BlockIdOp::create(tb, loc, dim).getResult();
        ids.push_back(
            arith::IndexCastUIOp::create(tb, loc, tb.getI32Type(), id));
      }
    std::string format = "block [%u,%u,%u], thread [%u,%u,%u]: Assertion `" +
                         escapeFormat(op.getMsg()) + "' failed.\n";
    gpu::PrintfOp::create(tb, loc, tb.getStringAttr(format), ids);
    LLVM::Trap::create(tb, loc);
    op.erase();
  }
}
