//===- CheckInput.cpp - Input the pipelines can lower ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "transforms/NestedModules.h"
#include "transforms/PrintfFormat.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-check-input"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADCHECKINPUT
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

/// Fails, with an error at the kernel, where its known_block_size or
/// known_grid_size has a dimension below 1: no launch of it could run, and
/// each target would fail its own way (ptxas refuses a zero maxntid; the
/// host target and others would divide by it).
static LogicalResult checkKnownSizes(ModuleOp root) {
  WalkResult result = root.walk([](gpu::GPUFuncOp kernel) {
    auto check = [&](std::optional<ArrayRef<int32_t>> sizes,
                     StringRef name) -> LogicalResult {
      if (!sizes || llvm::all_of(*sizes, [](int32_t n) { return n >= 1; }))
        return success();
      InFlightDiagnostic diag = kernel.emitError()
                                << "kernel @" << kernel.getName() << " has "
                                << name << " = [";
      llvm::interleaveComma(*sizes, diag);
      return diag << "], and each dimension must be at least 1: no launch "
                     "could run it";
    };
    if (failed(check(kernel.getKnownBlockSize(), "known_block_size")) ||
        failed(check(kernel.getKnownGridSize(), "known_grid_size")))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Fails, with an error at the launch, where a gpu.launch_func's block or
/// grid has a constant size that its kernel's known_block_size or
/// known_grid_size rules out: the kernel's code takes those sizes as
/// constants, so no launch of other sizes runs it as written (a runtime
/// that is told the kernel's sizes refuses such a launch; one that is not
/// would run it wrong).
static LogicalResult checkLaunchSizes(ModuleOp root) {
  WalkResult result = root.walk([](gpu::LaunchFuncOp launch) {
    auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
        launch, launch.getKernel());
    if (!kernel)
      return WalkResult::advance();
    auto check = [&](std::optional<ArrayRef<int32_t>> known,
                     gpu::KernelDim3 sizes, StringRef what) -> LogicalResult {
      if (!known)
        return success();
      Value values[3] = {sizes.x, sizes.y, sizes.z};
      for (int d = 0; d < 3; ++d) {
        APInt size;
        if (!matchPattern(values[d], m_ConstantInt(&size)) ||
            size.getSExtValue() == (*known)[d])
          continue;
        InFlightDiagnostic diag = launch.emitError()
                                  << "this launch's " << what << " is "
                                  << size.getSExtValue() << " in dimension "
                                  << "xyz"[d] << ", but kernel @"
                                  << kernel.getName() << " was compiled for ";
        diag << what << "s of (";
        llvm::interleaveComma(*known, diag);
        return diag << ") (known_" << what << "_size), which its code "
                    << "takes as constants: it cannot run this launch";
      }
      return success();
    };
    if (failed(check(kernel.getKnownBlockSize(),
                     launch.getBlockSizeOperandValues(), "block")) ||
        failed(check(kernel.getKnownGridSize(),
                     launch.getGridSizeOperandValues(), "grid")))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

namespace {
struct CheckInputPass
    : public offload::impl::OffloadCheckInputBase<CheckInputPass> {
  void runOnOperation() override {
    ModuleOp root = getOperation();
    WalkResult result = root.walk<WalkOrder::PreOrder>([&](ModuleOp module) {
      if (module == root)
        return WalkResult::advance();
      if (offload::holdsNoCode(module))
        return WalkResult::skip();
      LLVM_DEBUG(llvm::dbgs()
                 << "nested module at " << module.getLoc() << "\n");
      InFlightDiagnostic diag = module.emitError() << "nested builtin.module";
      if (std::optional<StringRef> name = module.getName())
        diag << " @" << *name;
      diag << " is not lowered by the pipeline, and the translation to LLVM "
              "IR would drop it: run the pipeline on it (anchor it at "
              "builtin.module(builtin.module(...))) or move its contents "
              "into the outer module";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // A format that reads what gpu.printf does not pass is wrong for every
    // target: caught here, before any of them compiles it.
    if (failed(offload::verifyPrintfFormats(root)) ||
        failed(checkKnownSizes(root)) || failed(checkLaunchSizes(root)))
      signalPassFailure();
  }
};
} // namespace
