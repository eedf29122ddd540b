//===- Passes.td - Passes of the ROCm target ---------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_ROCM_PASSES
#define OFFLOAD_DIALECTS_ROCM_PASSES

include "mlir/Pass/PassBase.td"
// The options that the pipelines pass on, from their table (this target's
// rows are in pipelines/rocm/options.bzl).
include "dialects/AttachOptions.td"

def OffloadAttachRocmTarget : Pass<"offload-attach-rocm-target", "ModuleOp"> {
  let summary = "Attaches an #offload.rocm target to gpu.module ops";
  let description = [{
    Adds `#offload.rocm` with the given parameters to the targets of every
    `gpu.module` whose name matches `module` (a regular expression matched
    against the whole name; all modules by default), after the targets it
    has, as `rocdl-attach-target` does upstream. A module that already lists
    an equal target is left as it is.
  }];
  let options = !listconcat([
    Option<"moduleMatcher", "module", "std::string", /*default=*/"\".*\"",
           "Regular expression for the names of the gpu.modules to target.">
  ], OffloadAttachRocmTargetOptions);
}

#endif // OFFLOAD_DIALECTS_ROCM_PASSES
