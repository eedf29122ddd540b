//===- HostPipelines.cpp - The host target's pipelines --------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "pipelines/host/HostPipelines.h"

#include "dialects/host/Passes.h"
#include "pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::offload;

static void attachHost(OpPassManager &pm, const PipelineConfig &config) {
  if (!config.host)
    return;
  OffloadAttachHostTargetOptions host;
  host.triple = config.hostTriple;
  host.cpu = config.hostCpu;
  host.features = config.hostFeatures;
  host.optLevel = config.optLevel;
  host.check = config.hostCheck;
  pm.addPass(createOffloadAttachHostTarget(host));
}

/// Host objects are shared objects that the runtime loads; their assembly it
/// cannot load.
static LogicalResult verifyHost(const PipelineConfig &config,
                                EmitErrorFn emitError) {
  if (config.host && config.format == "isa")
    return emitError("format 'isa' gives the host target assembly, which the "
                     "runtime cannot load: use fatbin or bin with host");
  return success();
}

void mlir::offload::registerHostPipelines() {
  // Registering twice aborts; a plugin and a tool may both ask.
  static bool registered = [] {
    registerTargetPipelines({"host", nullptr, verifyHost, attachHost});
    registerPipeline<HostPipelineOptions>(
        "offload-lower-to-host",
        "Does what offload-lower-to-cuda does, with the host CPU as the only "
        "target: each gpu.binary holds one host object, which libmgpu's "
        "host backend runs on the CPU's cores",
        /*loops=*/false);
    registerPipeline<HostPipelineOptions>(
        "offload-lower-loops-to-host",
        "Maps scf.parallel loops onto blocks and threads, then does what "
        "offload-lower-to-host does",
        /*loops=*/true);
    return true;
  }();
  (void)registered;
}
