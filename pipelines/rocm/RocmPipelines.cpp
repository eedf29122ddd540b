//===- RocmPipelines.cpp - The ROCm target's pipelines --------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "pipelines/rocm/RocmPipelines.h"

#include "dialects/rocm/Passes.h"
#include "dialects/rocm/RocmTargetId.h"
#include "pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::offload;

/// One offload-attach-rocm-target per AMD target ID.
static void attachRocm(OpPassManager &pm, const PipelineConfig &config) {
  for (const std::string &chip : config.rocmChips) {
    OffloadAttachRocmTargetOptions rocm;
    rocm.chip = chip;
    rocm.optLevel = config.optLevel;
    rocm.fastFlag = config.fast;
    rocm.dazFlag = config.daz;
    rocm.wave64 = config.wave64;
    rocm.abi = config.abi;
    rocm.linkLibs.assign(config.link.begin(), config.link.end());
    pm.addPass(createOffloadAttachRocmTarget(rocm));
  }
}

/// AMDGPU assembly is fine alone, for reading; beside objects the runtime
/// loads, it would be the one object of a binary that none can load.
static LogicalResult verifyRocm(const PipelineConfig &config,
                                EmitErrorFn emitError) {
  if (config.rocmChips.empty() || config.format != "isa")
    return success();
  bool otherTargets = llvm::any_of(kTargetNames, [&](StringRef name) {
    return name != "rocm" && isTargetRequested(name, config);
  });
  if (otherTargets)
    return emitError("format 'isa' gives the AMD targets assembly, which the "
                     "runtime cannot load: use fatbin or bin with other "
                     "targets");
  return success();
}

static LogicalResult addDefaultChip(const RocmPipelineOptions &,
                                    PipelineConfig &config, EmitErrorFn) {
  if (config.rocmChips.empty())
    config.rocmChips.push_back(rocm::kDefaultChip.str());
  return success();
}

void mlir::offload::registerRocmPipelines() {
  // Registering twice aborts; a plugin and a tool may both ask.
  static bool registered = [] {
    registerTargetPipelines({"rocm", nullptr, verifyRocm, attachRocm});
    registerPipeline<RocmPipelineOptions>(
        "offload-lower-to-rocm",
        "Does what offload-lower-to-cuda does, for AMD GPUs: each gpu.binary "
        "holds an HSA code object per target ID in chips (and, with host, one "
        "for the CPU), which libmgpu's HIP backend loads",
        /*loops=*/false, addDefaultChip);
    registerPipeline<RocmPipelineOptions>(
        "offload-lower-loops-to-rocm",
        "Maps scf.parallel loops onto GPU blocks and threads, then does what "
        "offload-lower-to-rocm does",
        /*loops=*/true, addDefaultChip);
    return true;
  }();
  (void)registered;
}
