//===- CheckLowered.cpp - Nothing left that translation cannot take -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "transforms/NestedModules.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/LLVMIR/LLVMTranslationInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-check-lowered"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADCHECKLOWERED
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

/// What the translation to LLVM IR takes in a module the pipelines made, at
/// the host level: the LLVM dialect, and the GPU operations that
/// #offload.loader translates; the gpu.modules are checked inside.
static bool isTranslatableInHostCode(Operation *op) {
  return isa<LLVM::LLVMDialect>(op->getDialect()) ||
         isa<ModuleOp, gpu::GPUModuleOp, gpu::BinaryOp, gpu::LaunchFuncOp>(op);
}

/// Whether `op`'s dialect translates to LLVM IR.
static bool hasLLVMTranslation(Operation *op) {
  Dialect *dialect = op->getDialect();
  return dialect &&
         dialect->getRegisteredInterface<LLVMTranslationDialectInterface>();
}

/// Whether `op` is a gpu.module's code in another IR than LLVM's, which the
/// module's serializer takes as it is and checks as it serializes it: a
/// module of that IR (an isolated symbol table, of a dialect that does not
/// translate to LLVM IR) directly in the gpu.module.
static bool isModuleOfAnotherIR(Operation *op) {
  return isa_and_nonnull<gpu::GPUModuleOp>(op->getParentOp()) &&
         op->hasTrait<OpTrait::SymbolTable>() &&
         op->hasTrait<OpTrait::IsIsolatedFromAbove>() &&
         !isa<gpu::GPUDialect>(op->getDialect()) && !hasLLVMTranslation(op);
}

/// In a gpu.module, what the serializers translate: the LLVM dialect and
/// every dialect with a translation of its own (NVVM), but no gpu operation.
/// The builtin dialect has a translation too, for builtin.module, but none
/// for unrealized_conversion_cast.
static bool isTranslatableInKernel(Operation *op) {
  // A module whose code is in another IR (isModuleOfAnotherIR): the
  // kernels stay as empty func.funcs beside it, for gpu.launch_func to
  // name.
  if (isa<func::FuncOp, func::ReturnOp>(op)) {
    auto module = op->getParentOfType<gpu::GPUModuleOp>();
    return llvm::any_of(module.getBody()->getOperations(),
                        [](Operation &op) { return isModuleOfAnotherIR(&op); });
  }
  return hasLLVMTranslation(op) && !isa<gpu::GPUDialect>(op->getDialect()) &&
         !isa<UnrealizedConversionCastOp>(op);
}

namespace {
struct CheckLoweredPass
    : public offload::impl::OffloadCheckLoweredBase<CheckLoweredPass> {
  using Base::Base;

  void runOnOperation() override {
    // A cast left over is a symptom; the operation that kept it is the
    // cause, so it is the one reported when there is one.
    Operation *first = nullptr, *firstCast = nullptr;
    unsigned count = 0;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::BinaryOp>(op) || isModuleOfAnotherIR(op))
        return WalkResult::skip();
      if (auto nested = dyn_cast<ModuleOp>(op);
          nested && nested != getOperation() && offload::holdsNoCode(nested))
        return WalkResult::skip();
      bool inKernel = op->getParentOfType<gpu::GPUModuleOp>() != nullptr;
      if (!inKernel && !hostCode)
        return WalkResult::advance();
      if (!(inKernel ? isTranslatableInKernel(op)
                     : isTranslatableInHostCode(op))) {
        Operation *&firstOfKind =
            isa<UnrealizedConversionCastOp>(op) ? firstCast : first;
        if (!firstOfKind)
          firstOfKind = op;
        ++count;
        LLVM_DEBUG(llvm::dbgs() << "left unlowered: " << *op << "\n");
      }
      return WalkResult::advance();
    });
    if (!first)
      first = firstCast;
    if (!first)
      return;
    InFlightDiagnostic diag = first->emitError() << "'" << first->getName()
                                                 << "' is left unlowered";
    if (auto module = first->getParentOfType<gpu::GPUModuleOp>())
      diag << " in gpu.module @" << module.getName();
    diag << ", and the translation to LLVM IR cannot take it";
    if (count > 1)
      diag << " (nor " << count - 1 << " more operation"
           << (count > 2 ? "s" : "") << " left)";
    signalPassFailure();
  }
};
} // namespace
