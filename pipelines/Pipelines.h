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
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::offload {

// PipelineConfig, the option structs of each family of pipelines, the
// getPipelineConfig that checks options and fills a config, and what
// offload-lower-to-gpu's targets may name, all from the table of pipeline
// options (build_defs/targets.bzl).
#include "pipelines/PipelineOptions.h.inc"

using EmitErrorFn = function_ref<LogicalResult(const Twine &)>;

/// What one target (pipelines/<target>/) adds to the shared pipeline, as
/// its register function gives it to registerTargetPipelines.
struct TargetPipelines {
  /// As build_defs/targets.bzl names it.
  StringRef name;
  /// Completes the config of any pipeline after its own completion; may be
  /// null.
  std::function<void(PipelineConfig &)> complete;
  /// Checks what only this target knows (its formats against the other
  /// targets); may be null.
  std::function<LogicalResult(const PipelineConfig &, EmitErrorFn)> verify;
  /// Adds its attach passes for what `config` asks of it (nothing if it asks
  /// nothing).
  std::function<void(OpPassManager &, const PipelineConfig &)> attach;
};

/// Makes `target` one of those the shared pipelines complete, verify and
/// attach, once per name.
void registerTargetPipelines(TargetPipelines target);

/// Checks what no one option says alone: each target's checks, then the tile
/// sizes against the largest block.
LogicalResult verifyPipelineConfig(const PipelineConfig &config,
                                   EmitErrorFn emitError);

/// Kernels in gpu.modules or gpu.launch regions (or scf.parallel loops, with
/// `loops`), host code in func.func, from arith, memref, scf, vector, math,
/// gpu and nvgpu to the LLVM dialect with a gpu.binary per gpu.module,
/// holding an object for each target that `config` asks for, loaded by
/// #offload.loader.
void buildOffloadPipeline(OpPassManager &pm, const PipelineConfig &config);

/// Checks `text`, the options of a pipeline of scf.parallel loops or not,
/// and fills `config` of them.
using ConfigurePipelineFn = std::function<LogicalResult(
    StringRef text, bool loops, PipelineConfig &config, EmitErrorFn)>;

/// Registers the pipeline `name`: `configure` fills its config, which every
/// target completes, verifyPipelineConfig checks and buildOffloadPipeline
/// builds; `printOptions` gives its options to --help.
void registerPipeline(
    StringRef name, StringRef description, bool loops,
    ConfigurePipelineFn configure,
    std::function<void(function_ref<void(const mlir::detail::PassOptions &)>)>
        printOptions);

/// Registers the pipeline `name`, whose options are `Options`: it checks
/// them and fills a config (getPipelineConfig), which `complete` completes
/// first (its default chip, say; if given), then every target.
template <typename Options>
void registerPipeline(
    StringRef name, StringRef description, bool loops,
    std::function<LogicalResult(const Options &, PipelineConfig &, EmitErrorFn)>
        complete = nullptr) {
  registerPipeline(
      name, description, loops,
      [complete](StringRef text, bool loops, PipelineConfig &config,
                 EmitErrorFn emitError) -> LogicalResult {
        // Into the diagnostic, not straight to stderr without "error:".
        Options options;
        std::string parseErrors;
        llvm::raw_string_ostream parseErrorStream(parseErrors);
        if (failed(options.parseFromString(text, parseErrorStream))) {
          if (parseErrors.empty())
            return emitError("cannot parse options '" + text + "'");
          return emitError(StringRef(parseErrors).trim());
        }
        if (failed(getPipelineConfig(options, loops, config, emitError)))
          return failure();
        return complete ? complete(options, config, emitError) : success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optionHandler) {
        optionHandler(Options());
      });
}

/// Registers what is shared: the passes of this library and the pipelines
/// of every target at once (offload-lower[-loops]-to-gpu), once. The
/// targets' own pipelines come from their register functions.
void registerOffloadPipelines();

} // namespace mlir::offload

#endif // OFFLOAD_PIPELINES_PIPELINES_H
