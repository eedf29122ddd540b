//===- CudaPipelines.cpp - The CUDA target's pipelines --------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "pipelines/cuda/CudaPipelines.h"

#include "dialects/cuda/CudaChips.h"
#include "dialects/cuda/Passes.h"
#include "pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::offload;

/// One offload-attach-target per SM architecture.
static void attachCuda(OpPassManager &pm, const PipelineConfig &config) {
  for (const std::string &chip : config.chips) {
    OffloadAttachTargetOptions target;
    target.chip = chip;
    target.features = config.features;
    target.optLevel = config.optLevel;
    target.fastFlag = config.fast;
    target.ftzFlag = config.ftz;
    target.linkLibs.assign(config.link.begin(), config.link.end());
    target.ptxasOptions.assign(config.ptxasOptions.begin(),
                               config.ptxasOptions.end());
    target.assembler = config.assembler;
    pm.addPass(createOffloadAttachTarget(target));
  }
}

/// ptxas's line tables with line-info.
static void addLineInfo(PipelineConfig &config) {
  if (config.lineInfo && !config.chips.empty())
    config.ptxasOptions.push_back("-lineinfo");
}

static LogicalResult addDefaultChip(const CudaPipelineOptions &,
                                    PipelineConfig &config, EmitErrorFn) {
  if (config.chips.empty())
    config.chips.push_back(cuda::kDefaultChip.str());
  return success();
}

void mlir::offload::registerCudaPipelines() {
  // Registering twice aborts; a plugin and a tool may both ask.
  static bool registered = [] {
    registerTargetPipelines({"cuda", addLineInfo, nullptr, attachCuda});
    registerPipeline<CudaPipelineOptions>(
        "offload-lower-to-cuda",
        "Lowers gpu.modules and gpu.launch regions with the host code that "
        "launches them to the LLVM dialect, with a gpu.binary of CUDA objects "
        "(and, with host, one for the CPU) per gpu.module, loaded by "
        "#offload.loader",
        /*loops=*/false, addDefaultChip);
    registerPipeline<CudaPipelineOptions>(
        "offload-lower-loops-to-cuda",
        "Maps scf.parallel loops onto GPU blocks and threads, then does what "
        "offload-lower-to-cuda does",
        /*loops=*/true, addDefaultChip);
    return true;
  }();
  (void)registered;
}
