//===- AttachVulkanTarget.cpp - offload-attach-vulkan-target --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/vulkan/Passes.h"

#include "dialects/AttachTarget.h"
#include "dialects/vulkan/VulkanEnv.h"
#include "dialects/vulkan/VulkanTargetAttr.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADATTACHVULKANTARGET
#include "dialects/vulkan/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct AttachVulkanTargetPass
    : public offload::impl::OffloadAttachVulkanTargetBase<
          AttachVulkanTargetPass> {
  using Base::Base;

  // The attribute comes with its target, not with the dialect.
  void getDependentDialects(DialectRegistry &registry) const override {
    registerVulkanTargetAttr(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(&getContext());
    VulkanTargetAttr target = VulkanTargetAttr::getChecked(
        [&] {
          return emitError(module.getLoc(), "offload-attach-vulkan-target: ");
        },
        &getContext(), StringRef(version),
        attach::getStringArray(builder, caps),
        attach::getStringArray(builder, exts), vulkan::kDefaultMaxSharedMemory,
        vulkan::kDefaultMaxInvocations);
    // One SPIR-V lowering serves one environment: a module's own
    // #offload.vulkan (its limits, capabilities) is the one it keeps.
    if (!target || failed(attach::attachToMatchingModules(
                       module, getArgument(), moduleMatcher, target,
                       /*onePerModule=*/true)))
      return signalPassFailure();
  }
};
} // namespace
