//===- Pipelines.h - From the main dialects to GPU binaries -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_PIPELINES_PIPELINES_H
#define OFFLOAD_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLExtras.h"

#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::offload {

// PipelineConfig, the option structs of each family of pipelines and the
// getPipelineConfig that checks options and fills a config, all from the
// table of build_defs/pipeline_options.bzl.
#include "pipelines/PipelineOptions.h.inc"

/// What getPipelineConfig leaves to the pipeline: the default chip when the
/// CUDA or ROCm pipelines are given none, ptxas's line tables with
/// line-info, the targets of offload-lower-to-gpu sorted by kind (an error
/// for one of no kind).
LogicalResult
completePipelineConfig(const CudaPipelineOptions &options,
                       PipelineConfig &config,
                       function_ref<LogicalResult(const Twine &)> emitError);
LogicalResult
completePipelineConfig(const HostPipelineOptions &options,
                       PipelineConfig &config,
                       function_ref<LogicalResult(const Twine &)> emitError);
LogicalResult
completePipelineConfig(const VulkanPipelineOptions &options,
                       PipelineConfig &config,
                       function_ref<LogicalResult(const Twine &)> emitError);
LogicalResult
completePipelineConfig(const RocmPipelineOptions &options,
                       PipelineConfig &config,
                       function_ref<LogicalResult(const Twine &)> emitError);
LogicalResult
completePipelineConfig(const GpuPipelineOptions &options,
                       PipelineConfig &config,
                       function_ref<LogicalResult(const Twine &)> emitError);

/// Checks what no one option says alone: the format against the targets, the
/// tile sizes against the largest block.
LogicalResult
verifyPipelineConfig(const PipelineConfig &config,
                     function_ref<LogicalResult(const Twine &)> emitError);

/// Kernels in gpu.modules or gpu.launch regions (or scf.parallel loops, with
/// `loops`), host code in func.func, from arith, memref, scf, vector, math,
/// gpu and nvgpu to the LLVM dialect with a gpu.binary per gpu.module,
/// holding a CUDA object per chip and, with `host`, one for the host CPU,
/// loaded by #offload.loader.
void buildOffloadPipeline(OpPassManager &pm, const PipelineConfig &config);

/// Registers the pipelines (offload-lower[-loops]-to-cuda, -host, -vulkan,
/// -rocm and -gpu) and the passes of this library, once.
void registerOffloadPipelines();

} // namespace mlir::offload

#endif // OFFLOAD_PIPELINES_PIPELINES_H
