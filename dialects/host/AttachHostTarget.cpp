//===- AttachHostTarget.cpp - offload-attach-host-target: #offload.host ---===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/host/Passes.h"

#include "dialects/AttachTarget.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADATTACHHOSTTARGET
#include "dialects/host/HostTargetAttr.h"
#include "dialects/host/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct AttachHostTargetPass
    : public offload::impl::OffloadAttachHostTargetBase<AttachHostTargetPass> {
  using Base::Base;

  // The attribute comes with its target, not with the dialect.
  void getDependentDialects(DialectRegistry &registry) const override {
    registerHostTargetAttr(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(attach::checkOptLevelFits(module, getArgument(), optLevel)))
      return signalPassFailure();
    HostTargetAttr target = HostTargetAttr::getChecked(
        [&] {
          return emitError(module.getLoc(), "offload-attach-host-target: ");
        },
        &getContext(), static_cast<int>(optLevel), StringRef(triple),
        StringRef(cpu), StringRef(features), static_cast<bool>(check));
    if (!target || failed(attach::attachToMatchingModules(
                       module, getArgument(), moduleMatcher, target)))
      return signalPassFailure();
  }
};
} // namespace
