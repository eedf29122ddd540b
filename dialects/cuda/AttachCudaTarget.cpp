//===- AttachCudaTarget.cpp - offload-attach-target: #offload.cuda --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/cuda/Passes.h"

#include "dialects/AttachTarget.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADATTACHTARGET
#include "dialects/cuda/CudaTargetAttr.h"
#include "dialects/cuda/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct AttachTargetPass
    : public offload::impl::OffloadAttachTargetBase<AttachTargetPass> {
  using Base::Base;

  // The attribute comes with its target, not with the dialect.
  void getDependentDialects(DialectRegistry &registry) const override {
    registerCudaTargetAttr(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(attach::checkOptLevelFits(module, getArgument(), optLevel)))
      return signalPassFailure();
    Builder builder(&getContext());
    CudaTargetAttr target = CudaTargetAttr::getChecked(
        [&] { return emitError(module.getLoc(), "offload-attach-target: "); },
        &getContext(), static_cast<int>(optLevel), StringRef(triple),
        StringRef(chip), StringRef(features),
        attach::getFlags(builder, {{"fast", fastFlag}, {"ftz", ftzFlag}}),
        attach::getStringArray(builder, linkLibs),
        attach::getStringArray(builder, ptxasOptions), StringRef(assembler));
    if (!target || failed(attach::attachToMatchingModules(
                       module, getArgument(), moduleMatcher, target)))
      return signalPassFailure();
  }
};
} // namespace
