//===- VulkanPipelines.cpp - The Vulkan target's pipelines ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "pipelines/vulkan/VulkanPipelines.h"

#include "dialects/vulkan/Passes.h"
#include "pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::offload;

static void attachVulkan(OpPassManager &pm, const PipelineConfig &config) {
  if (!config.vulkan)
    return;
  OffloadAttachVulkanTargetOptions vulkan;
  vulkan.version = config.spirvVersion;
  vulkan.caps.assign(config.spirvCaps.begin(), config.spirvCaps.end());
  vulkan.exts.assign(config.spirvExts.begin(), config.spirvExts.end());
  pm.addPass(createOffloadAttachVulkanTarget(vulkan));
}

/// SPIR-V text is fine alone, for reading; beside objects the runtime loads,
/// it would be the one object of a binary that none can load.
static LogicalResult verifyVulkan(const PipelineConfig &config,
                                  EmitErrorFn emitError) {
  if (!config.vulkan || config.format != "isa")
    return success();
  bool otherTargets = llvm::any_of(kTargetNames, [&](StringRef name) {
    return name != "vulkan" && isTargetRequested(name, config);
  });
  if (otherTargets)
    return emitError("format 'isa' gives the Vulkan target SPIR-V text, which "
                     "the runtime cannot load: use fatbin or bin with vulkan");
  return success();
}

void mlir::offload::registerVulkanPipelines() {
  // Registering twice aborts; a plugin and a tool may both ask.
  static bool registered = [] {
    registerTargetPipelines({"vulkan", nullptr, verifyVulkan, attachVulkan});
    registerPipeline<VulkanPipelineOptions>(
        "offload-lower-to-vulkan",
        "Does what offload-lower-to-cuda does, for Vulkan: each gpu.binary "
        "holds a SPIR-V module (and, with host, an object for the CPU), which "
        "libmgpu's Vulkan backend runs on any Vulkan 1.3 device",
        /*loops=*/false);
    registerPipeline<VulkanPipelineOptions>(
        "offload-lower-loops-to-vulkan",
        "Maps scf.parallel loops onto GPU blocks and threads, then does what "
        "offload-lower-to-vulkan does",
        /*loops=*/true);
    return true;
  }();
  (void)registered;
}
