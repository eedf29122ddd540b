//===- AttachTarget.cpp - Attach target attributes to gpu.modules ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// offload-attach-target (#offload.cuda), offload-attach-host-target
// (#offload.host) and offload-attach-vulkan-target (#offload.vulkan), as
// upstream's nvvm-attach-target: each builds its target from its options and
// appends it to the matching modules.
//
//===----------------------------------------------------------------------===//

#include "dialects/Passes.h"

#include "dialects/VulkanEnv.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Regex.h"

#include <limits>

#define DEBUG_TYPE "offload-attach-target"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADATTACHHOSTTARGET
#define GEN_PASS_DEF_OFFLOADATTACHROCMTARGET
#define GEN_PASS_DEF_OFFLOADATTACHTARGET
#define GEN_PASS_DEF_OFFLOADATTACHVULKANTARGET
#include "dialects/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// Appends `target` to the targets of each gpu.module of `module` whose whole
/// name matches `pattern`, unless it lists an equal target already, or, when
/// `onePerModule`, any target of the same kind (which it keeps).
static LogicalResult
attachToMatchingModules(ModuleOp module, StringRef passName, StringRef pattern,
                        Attribute target, bool onePerModule = false) {
  llvm::Regex matcher(("^(" + pattern + ")$").str());
  std::string regexError;
  if (!matcher.isValid(regexError))
    return emitError(module.getLoc())
           << passName << ": invalid module pattern '" << pattern
           << "': " << regexError;
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
    if (!matcher.match(gpuModule.getName()))
      continue;
    SmallVector<Attribute> targets;
    if (ArrayAttr existing = gpuModule.getTargetsAttr())
      targets.append(existing.begin(), existing.end());
    if (llvm::is_contained(targets, target) ||
        (onePerModule && llvm::any_of(targets, [&](Attribute existing) {
           return existing.getTypeID() == target.getTypeID();
         })))
      continue;
    targets.push_back(target);
    gpuModule.setTargetsAttr(ArrayAttr::get(module.getContext(), targets));
    LLVM_DEBUG(llvm::dbgs() << "attached " << target << " to gpu.module @"
                            << gpuModule.getName() << "\n");
  }
  return success();
}

static ArrayAttr getStringArray(Builder &builder, ArrayRef<std::string> list) {
  if (list.empty())
    return nullptr;
  return builder.getStrArrayAttr(llvm::to_vector(llvm::map_range(
      list, [](const std::string &s) { return StringRef(s); })));
}

/// The attributes keep `O` as an int; a larger option value would wrap to a
/// negative level in the verifier's message.
static LogicalResult checkOptLevelFits(ModuleOp module, StringRef pass,
                                       unsigned optLevel) {
  if (optLevel <= static_cast<unsigned>(std::numeric_limits<int>::max()))
    return success();
  return emitError(module.getLoc())
         << pass << ": optimization level O = " << optLevel
         << " is out of range; it must be 0, 1, 2 or 3";
}

/// A flags dictionary of the flags that are on, or null if none is.
static DictionaryAttr
getFlags(Builder &builder,
         ArrayRef<std::pair<StringRef, bool>> flagsAndWhetherSet) {
  SmallVector<NamedAttribute> flags;
  for (auto [name, set] : flagsAndWhetherSet)
    if (set)
      flags.push_back(builder.getNamedAttr(name, builder.getUnitAttr()));
  return flags.empty() ? nullptr : builder.getDictionaryAttr(flags);
}

namespace {
struct AttachTargetPass
    : public offload::impl::OffloadAttachTargetBase<AttachTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkOptLevelFits(module, getArgument(), optLevel)))
      return signalPassFailure();
    Builder builder(&getContext());
    CudaTargetAttr target = CudaTargetAttr::getChecked(
        [&] { return emitError(module.getLoc(), "offload-attach-target: "); },
        &getContext(), static_cast<int>(optLevel), StringRef(triple),
        StringRef(chip), StringRef(features),
        getFlags(builder, {{"fast", fastFlag}, {"ftz", ftzFlag}}),
        getStringArray(builder, linkLibs),
        getStringArray(builder, ptxasOptions), StringRef(assembler));
    if (!target || failed(attachToMatchingModules(module, getArgument(),
                                                  moduleMatcher, target)))
      return signalPassFailure();
  }
};

struct AttachHostTargetPass
    : public offload::impl::OffloadAttachHostTargetBase<AttachHostTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkOptLevelFits(module, getArgument(), optLevel)))
      return signalPassFailure();
    HostTargetAttr target = HostTargetAttr::getChecked(
        [&] {
          return emitError(module.getLoc(), "offload-attach-host-target: ");
        },
        &getContext(), static_cast<int>(optLevel), StringRef(triple),
        StringRef(cpu), StringRef(features));
    if (!target || failed(attachToMatchingModules(module, getArgument(),
                                                  moduleMatcher, target)))
      return signalPassFailure();
  }
};

struct AttachRocmTargetPass
    : public offload::impl::OffloadAttachRocmTargetBase<AttachRocmTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkOptLevelFits(module, getArgument(), optLevel)))
      return signalPassFailure();
    Builder builder(&getContext());
    RocmTargetAttr target = RocmTargetAttr::getChecked(
        [&] {
          return emitError(module.getLoc(), "offload-attach-rocm-target: ");
        },
        &getContext(), static_cast<int>(optLevel),
        StringRef("amdgcn-amd-amdhsa"), StringRef(chip), StringRef(),
        StringRef(abi), static_cast<bool>(wave64),
        getFlags(builder, {{"fast", fastFlag}, {"daz", dazFlag}}),
        getStringArray(builder, linkLibs));
    if (!target || failed(attachToMatchingModules(module, getArgument(),
                                                  moduleMatcher, target)))
      return signalPassFailure();
  }
};

struct AttachVulkanTargetPass
    : public offload::impl::OffloadAttachVulkanTargetBase<
          AttachVulkanTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(&getContext());
    VulkanTargetAttr target = VulkanTargetAttr::getChecked(
        [&] {
          return emitError(module.getLoc(), "offload-attach-vulkan-target: ");
        },
        &getContext(), StringRef(version), getStringArray(builder, caps),
        getStringArray(builder, exts), vulkan::kDefaultMaxSharedMemory,
        vulkan::kDefaultMaxInvocations);
    // One SPIR-V lowering serves one environment: a module's own
    // #offload.vulkan (its limits, capabilities) is the one it keeps.
    if (!target ||
        failed(attachToMatchingModules(module, getArgument(), moduleMatcher,
                                       target, /*onePerModule=*/true)))
      return signalPassFailure();
  }
};
} // namespace
