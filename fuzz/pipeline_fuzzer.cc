//===- pipeline_fuzzer.cc - offload-lower-to-cuda on parsed IR ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// offload-lower-to-cuda to PTX (format=isa: the NVPTX backend in process, no
// toolkit tool) on each input (PipelineFuzzing.h). The project's libraries
// are linked as Bazel builds them, without coverage instrumentation: the
// fuzzer mutates the seeds (the examples and the integration programs) with
// little feedback, which finds crashes on the paths the seeds open, not
// deep ones.
//
//===----------------------------------------------------------------------===//

#include "fuzz/PipelineFuzzing.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return mlir::offload::fuzz::fuzzPipeline(
      data, size,
      "builtin.module(offload-lower-to-cuda{chips=sm_90 format=isa})");
}
