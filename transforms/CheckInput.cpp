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

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-check-input"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADCHECKINPUT
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

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
    if (failed(offload::verifyPrintfFormats(root)))
      signalPassFailure();
  }
};
} // namespace
