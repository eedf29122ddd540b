//===- host_pipeline_fuzzer.cc - offload-lower-to-host on parsed IR -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// offload-lower-to-host on each input (PipelineFuzzing.h): the kernels
// become loops over their threads (ThreadLoops.cpp: barriers, warps,
// divergent control flow), then LLVM for the CPU, linked by ld.lld into a
// shared object. Seeded with the integration programs, which the host target
// runs.
//
//===----------------------------------------------------------------------===//

#include "fuzz/PipelineFuzzing.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return mlir::offload::fuzz::fuzzPipeline(
      data, size, "builtin.module(offload-lower-to-host{cpu=x86-64})");
}
