//===- pipeline_fuzzer.cc - offload-lower-to-cuda on parsed IR ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses the input as a module with every upstream dialect and ours, and runs
// offload-lower-to-cuda to PTX (format=isa: the NVPTX backend in process, no
// toolkit tool). A failure must have a diagnostic; crashes, LLVM ERRORs and
// sanitizer reports in this file are findings. The project's libraries are
// linked as Bazel builds them, without coverage instrumentation: the fuzzer
// mutates the seeds (the examples and the integration programs) with little
// feedback, which finds crashes on the paths the seeds open, not deep ones.
//
//===----------------------------------------------------------------------===//

#include "registration/Registration.h"

#include "fuzz/FuzzInput.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

using namespace mlir;

/// The context the inputs are parsed in.
static std::unique_ptr<MLIRContext> makeContext() {
  static bool registered = [] {
    setenv("OFFLOAD_CACHE", "off", 1);
    offload::registerAllPassesWithOffload();
    return true;
  }();
  (void)registered;
  DialectRegistry registry;
  offload::registerAllDialectsWithOffload(registry);
  auto context = std::make_unique<MLIRContext>(registry);
  context->disableMultithreading();
  return context;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  offload::fuzz::FuzzInput input(data, size, makeContext, 2000);
  MLIRContext *context = input.context;
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(input.text, context);
  if (!module)
    return 0;
  PassManager pm(context);
  if (failed(parsePassPipeline(
          "builtin.module(offload-lower-to-cuda{chips=sm_90 format=isa})", pm,
          llvm::errs())))
    llvm::report_fatal_error("the pipeline did not parse");
  if (failed(pm.run(*module)) && !input.diagnosed)
    llvm::report_fatal_error("the pipeline failed without a diagnostic");
  return 0;
}
