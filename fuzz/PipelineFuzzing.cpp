//===- PipelineFuzzing.cpp - A pipeline on parsed IR, for fuzzers ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fuzz/PipelineFuzzing.h"

#include "fuzz/FuzzInput.h"
#include "registration/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <memory>

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

int offload::fuzz::fuzzPipeline(const uint8_t *data, size_t size,
                                const char *pipeline) {
  FuzzInput input(data, size, makeContext, 2000);
  OwningOpRef<ModuleOp> module = input.parseModule();
  if (!module)
    return 0;
  PassManager pm(input.context);
  if (failed(parsePassPipeline(pipeline, pm, llvm::errs())))
    llvm::report_fatal_error("the pipeline did not parse");
  if (failed(pm.run(*module)) && !input.diagnosed)
    llvm::report_fatal_error("the pipeline failed without a diagnostic");
  return 0;
}
