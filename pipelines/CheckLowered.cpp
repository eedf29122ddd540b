//===- CheckLowered.cpp - Nothing left that translation cannot take -------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "pipelines/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-check-lowered"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADCHECKLOWERED
#include "pipelines/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

/// What the translation to LLVM IR takes in a module the pipelines made: the
/// LLVM dialect, and the GPU operations that #offload.loader translates.
static bool isTranslatable(Operation *op) {
  return isa<LLVM::LLVMDialect>(op->getDialect()) ||
         isa<ModuleOp, gpu::BinaryOp, gpu::LaunchFuncOp>(op);
}

namespace {
struct CheckLoweredPass
    : public offload::impl::OffloadCheckLoweredBase<CheckLoweredPass> {
  void runOnOperation() override {
    Operation *first = nullptr;
    unsigned count = 0;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::BinaryOp>(op))
        return WalkResult::skip();
      if (!isTranslatable(op)) {
        if (!first)
          first = op;
        ++count;
        LLVM_DEBUG(llvm::dbgs() << "left unlowered: " << *op << "\n");
      }
      return WalkResult::advance();
    });
    if (!first)
      return;
    InFlightDiagnostic diag = first->emitError()
                              << "'" << first->getName()
                              << "' is left unlowered, and the translation to "
                                 "LLVM IR cannot take it";
    if (count > 1)
      diag << " (nor " << count - 1 << " more operation"
           << (count > 2 ? "s" : "") << " left)";
    signalPassFailure();
  }
};
} // namespace
