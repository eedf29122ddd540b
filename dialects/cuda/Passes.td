//===- Passes.td - Passes of the CUDA target ---------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_CUDA_PASSES
#define OFFLOAD_DIALECTS_CUDA_PASSES

include "mlir/Pass/PassBase.td"
// The options that the pipelines pass on, from their table (this target's
// rows are in pipelines/cuda/options.bzl).
include "dialects/AttachOptions.td"

def OffloadAttachTarget : Pass<"offload-attach-target", "ModuleOp"> {
  let summary = "Attaches an #offload.cuda target to gpu.module ops";
  let description = [{
    Adds `#offload.cuda` with the given parameters to the targets of every
    `gpu.module` whose name matches `module` (a regular expression matched
    against the whole name; all modules by default), as `nvvm-attach-target`
    does upstream. A module that already lists an equal target is left as it is.
  }];
  let options = !listconcat([
    Option<"moduleMatcher", "module", "std::string", /*default=*/"\".*\"",
           "Regular expression for the names of the gpu.modules to target.">,
    Option<"triple", "triple", "std::string", "\"nvptx64-nvidia-cuda\"",
           "Target triple.">
  ], OffloadAttachTargetOptions);
}

#endif // OFFLOAD_DIALECTS_CUDA_PASSES
