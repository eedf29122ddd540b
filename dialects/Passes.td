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
// (build_defs/pipeline_options.bzl and the targets' parts that
// build_defs/targets.bzl lists).
include "dialects/AttachOptions.td"

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
