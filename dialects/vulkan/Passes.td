//===- Passes.td - Passes of the Vulkan target -------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_VULKAN_PASSES
#define OFFLOAD_DIALECTS_VULKAN_PASSES

include "mlir/Pass/PassBase.td"
// The options that the pipelines pass on, from their table (this target's
// rows are in pipelines/vulkan/options.bzl).
include "dialects/AttachOptions.td"

def OffloadAttachVulkanTarget : Pass<"offload-attach-vulkan-target", "ModuleOp"> {
  let summary = "Attaches an #offload.vulkan target to gpu.module ops";
  let description = [{
    Adds `#offload.vulkan` with the given parameters to the targets of every
    `gpu.module` whose name matches `module` (a regular expression matched
    against the whole name; all modules by default), after the targets it
    has. A module that already lists an `#offload.vulkan` keeps it and gets
    no other: one SPIR-V lowering serves one environment.
  }];
  let options = !listconcat([
    Option<"moduleMatcher", "module", "std::string", /*default=*/"\".*\"",
           "Regular expression for the names of the gpu.modules to target.">
  ], OffloadAttachVulkanTargetOptions);
}

#endif // OFFLOAD_DIALECTS_VULKAN_PASSES
