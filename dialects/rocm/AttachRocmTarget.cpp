//===- AttachRocmTarget.cpp - offload-attach-rocm-target: #offload.rocm ---===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/rocm/Passes.h"

#include "dialects/AttachTarget.h"
#include "dialects/rocm/RocmTargetAttr.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADATTACHROCMTARGET
#include "dialects/rocm/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct AttachRocmTargetPass
    : public offload::impl::OffloadAttachRocmTargetBase<AttachRocmTargetPass> {
  using Base::Base;

  // The attribute comes with its target, not with the dialect.
  void getDependentDialects(DialectRegistry &registry) const override {
    registerRocmTargetAttr(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(attach::checkOptLevelFits(module, getArgument(), optLevel)))
      return signalPassFailure();
    Builder builder(&getContext());
    RocmTargetAttr target = RocmTargetAttr::getChecked(
        [&] {
          return emitError(module.getLoc(), "offload-attach-rocm-target: ");
        },
        &getContext(), static_cast<int>(optLevel),
        StringRef("amdgcn-amd-amdhsa"), StringRef(chip), StringRef(),
        StringRef(abi), static_cast<bool>(wave64),
        attach::getFlags(builder, {{"fast", fastFlag}, {"daz", dazFlag}}),
        attach::getStringArray(builder, linkLibs));
    if (!target || failed(attach::attachToMatchingModules(
                       module, getArgument(), moduleMatcher, target)))
      return signalPassFailure();
  }
};
} // namespace
