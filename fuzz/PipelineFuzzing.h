//===- PipelineFuzzing.h - A pipeline on parsed IR, for fuzzers -*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_FUZZ_PIPELINEFUZZING_H
#define OFFLOAD_FUZZ_PIPELINEFUZZING_H

#include <cstddef>
#include <cstdint>

namespace mlir::offload::fuzz {

/// Parses `data` as a module with every upstream dialect and ours, and runs
/// `pipeline` (a textual pass pipeline) on it. A failure must have a
/// diagnostic: one without is reported as a fatal error, which libFuzzer
/// takes for a finding, as it does crashes and sanitizer reports.
int fuzzPipeline(const uint8_t *data, size_t size, const char *pipeline);

} // namespace mlir::offload::fuzz

#endif // OFFLOAD_FUZZ_PIPELINEFUZZING_H
