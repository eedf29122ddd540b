//===- SpirvControlFlow.cpp - Structured control flow for Vulkan ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/SpirvControlFlow.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-spirv"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// Upstream's lifting, with gpu.return where a gpu.func's control flow
/// never returns.
class LiftToScf final : public ControlFlowToSCFTransformation {
public:
  FailureOr<Operation *> createUnreachableTerminator(Location loc,
                                                     OpBuilder &builder,
                                                     Region &region) override {
    if (isa<gpu::GPUFuncOp>(region.getParentOp()))
      return gpu::ReturnOp::create(builder, loc).getOperation();
    return ControlFlowToSCFTransformation::createUnreachableTerminator(
        loc, builder, region);
  }
};
} // namespace

LogicalResult mlir::offload::liftControlFlowToScf(gpu::GPUModuleOp module) {
  LiftToScf lifting;
  for (Operation &op : module.getOps()) {
    auto function = dyn_cast<FunctionOpInterface>(op);
    if (!function || function.isExternal())
      continue;
    // Innermost regions first, as upstream's pass does.
    bool multipleBlocks = false;
    function->walk([&](Operation *nested) {
      for (Region &region : nested->getRegions())
        multipleBlocks |= !region.empty() && !region.hasOneBlock();
    });
    if (!multipleBlocks)
      continue;
    DominanceInfo dominance(function);
    WalkResult result =
        function->walk<WalkOrder::PostOrder>([&](Operation *nested) {
          for (Region &region : nested->getRegions()) {
            if (region.empty() || region.hasOneBlock())
              continue;
            if (failed(transformCFGToSCF(region, lifting, dominance))) {
              nested->emitError()
                  << "this control flow has no structured form for "
                     "#offload.vulkan (a Vulkan shader's branches must nest "
                     "as scf's do): write it with scf.if, scf.for and "
                     "scf.while";
              return WalkResult::interrupt();
            }
          }
          return WalkResult::advance();
        });
    if (result.wasInterrupted())
      return failure();
    LLVM_DEBUG(llvm::dbgs() << "lifted the branches of @"
                            << SymbolTable::getSymbolName(function).getValue()
                            << " to scf\n");
  }
  return success();
}

void mlir::offload::guardZeroTripLoops(gpu::GPUModuleOp module) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) {
    if (loop.getNumResults())
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops) {
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    Value runs =
        arith::CmpIOp::create(b, loc,
                              loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                    : arith::CmpIPredicate::slt,
                              loop.getLowerBound(), loop.getUpperBound());
    auto guard = scf::IfOp::create(b, loc, loop.getResultTypes(), runs,
                                   /*withElseRegion=*/true);
    loop->replaceAllUsesWith(guard.getResults());
    Block *then = guard.thenBlock();
    loop->moveBefore(then, then->end());
    OpBuilder thenBuilder = guard.getThenBodyBuilder();
    scf::YieldOp::create(thenBuilder, loc, loop.getResults());
    OpBuilder elseBuilder = guard.getElseBodyBuilder();
    scf::YieldOp::create(elseBuilder, loc, loop.getInitArgs());
  }
}
