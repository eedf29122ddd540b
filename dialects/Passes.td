//===- Passes.td - Passes of the offload dialect -----------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_PASSES
#define OFFLOAD_PASSES

include "mlir/Pass/PassBase.td"
// The options that the pipelines pass on, from their table
// (build_defs/pipeline_options.bzl).
include "dialects/AttachOptions.td"

def OffloadAttachTarget : Pass<"offload-attach-target", "ModuleOp"> {
  let summary = "Attaches an #offload.cuda target to gpu.module ops";
  let description = [{
    Adds `#offload.cuda` with the given parameters to the targets of every
    `gpu.module` whose name matches `module` (a regular expression matched
    against the whole name; all modules by default), as `nvvm-attach-target`
    does upstream. A module that already lists an equal target is left as it is.
  }];
  let dependentDialects = ["::mlir::offload::OffloadDialect"];
  let options = !listconcat([
    Option<"moduleMatcher", "module", "std::string", /*default=*/"\".*\"",
           "Regular expression for the names of the gpu.modules to target.">,
    Option<"triple", "triple", "std::string", "\"nvptx64-nvidia-cuda\"",
           "Target triple.">
  ], OffloadAttachTargetOptions);
}

def OffloadAttachHostTarget : Pass<"offload-attach-host-target", "ModuleOp"> {
  let summary = "Attaches an #offload.host target to gpu.module ops";
  let description = [{
    Adds `#offload.host` with the given parameters to the targets of every
    `gpu.module` whose name matches `module` (a regular expression matched
    against the whole name; all modules by default), after the targets it
    has. A module that already lists an equal target is left as it is.
  }];
  let dependentDialects = ["::mlir::offload::OffloadDialect"];
  let options = !listconcat([
    Option<"moduleMatcher", "module", "std::string", /*default=*/"\".*\"",
           "Regular expression for the names of the gpu.modules to target.">
  ], OffloadAttachHostTargetOptions);
}

def OffloadAttachVulkanTarget : Pass<"offload-attach-vulkan-target", "ModuleOp"> {
  let summary = "Attaches an #offload.vulkan target to gpu.module ops";
  let description = [{
    Adds `#offload.vulkan` with the given parameters to the targets of every
    `gpu.module` whose name matches `module` (a regular expression matched
    against the whole name; all modules by default), after the targets it
    has. A module that already lists an `#offload.vulkan` keeps it and gets
    no other: one SPIR-V lowering serves one environment.
  }];
  let dependentDialects = ["::mlir::offload::OffloadDialect"];
  let options = !listconcat([
    Option<"moduleMatcher", "module", "std::string", /*default=*/"\".*\"",
           "Regular expression for the names of the gpu.modules to target.">
  ], OffloadAttachVulkanTargetOptions);
}

def OffloadAttachRocmTarget : Pass<"offload-attach-rocm-target", "ModuleOp"> {
  let summary = "Attaches an #offload.rocm target to gpu.module ops";
  let description = [{
    Adds `#offload.rocm` with the given parameters to the targets of every
    `gpu.module` whose name matches `module` (a regular expression matched
    against the whole name; all modules by default), after the targets it
    has, as `rocdl-attach-target` does upstream. A module that already lists
    an equal target is left as it is.
  }];
  let dependentDialects = ["::mlir::offload::OffloadDialect"];
  let options = !listconcat([
    Option<"moduleMatcher", "module", "std::string", /*default=*/"\".*\"",
           "Regular expression for the names of the gpu.modules to target.">
  ], OffloadAttachRocmTargetOptions);
}

def OffloadAttachLoader : Pass<"offload-attach-loader", "ModuleOp"> {
  let summary = "Makes #offload.loader the offloading handler of gpu.modules";
  let description = [{
    Sets `#offload.loader` as the offloading handler of every `gpu.module`
    that has none, so that `gpu-module-to-binary` gives it to the
    `gpu.binary` it makes and the translation to LLVM IR embeds the objects
    and launches through libmgpu. A module with a handler keeps it.
  }];
  let dependentDialects = ["::mlir::offload::OffloadDialect"];
  let options = !listconcat(OffloadAttachLoaderOptions, [
    Option<"priority", "priority", "int", /*default=*/"123",
           "Priority of the global constructor and destructor.">
  ]);
}

#endif // OFFLOAD_PASSES
