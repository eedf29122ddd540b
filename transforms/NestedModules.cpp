//===- NestedModules.cpp - Nested modules that hold no code ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "transforms/NestedModules.h"

#include "transforms/Passes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-drop-schedules"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADDROPSCHEDULES
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

bool mlir::offload::holdsNoCode(ModuleOp module) {
  return llvm::all_of(module.getOps(), [](Operation &op) {
    if (auto nested = dyn_cast<ModuleOp>(op))
      return holdsNoCode(nested);
    Dialect *dialect = op.getDialect();
    return dialect && dialect->getNamespace() == "transform";
  });
}

namespace {
struct DropSchedulesPass
    : public offload::impl::OffloadDropSchedulesBase<DropSchedulesPass> {
  void runOnOperation() override {
    SmallVector<ModuleOp> schedules;
    for (auto nested : getOperation().getOps<ModuleOp>())
      if (offload::holdsNoCode(nested))
        schedules.push_back(nested);
    for (ModuleOp schedule : schedules) {
      LLVM_DEBUG(llvm::dbgs()
                 << "erasing the schedule at " << schedule.getLoc() << "\n");
      schedule.erase();
    }
  }
};
} // namespace
