//===- attribute_fuzzer.cc - #offload.* parsers and verifiers -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses the input as an attribute with the offload and GPU dialects loaded.
// Whatever parses must have been verified, print, and parse back to itself;
// whatever does not must have said why in a diagnostic. A crash, an abort
// (LLVM ERROR), a sanitizer report or a broken round trip is a finding.
//
//===----------------------------------------------------------------------===//

#include "dialects/OffloadDialect.h"

#include "dialects/cuda/CudaTargetAttr.h"
#include "dialects/host/HostTargetAttr.h"
#include "dialects/rocm/RocmTargetAttr.h"
#include "dialects/vulkan/VulkanTargetAttr.h"
#include "fuzz/FuzzInput.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

using namespace mlir;

/// The context the inputs are parsed in.
static std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registry.insert<offload::OffloadDialect, gpu::GPUDialect>();
  offload::registerCudaTargetAttr(registry);
  offload::registerHostTargetAttr(registry);
  offload::registerRocmTargetAttr(registry);
  offload::registerVulkanTargetAttr(registry);
  auto context = std::make_unique<MLIRContext>(registry);
  context->loadAllAvailableDialects();
  context->disableMultithreading();
  return context;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  offload::fuzz::FuzzInput input(data, size, makeContext, 20000);
  if (input.skip())
    return 0;
  MLIRContext *context = input.context;
  Attribute attribute = parseAttribute(input.text, context);
  if (!attribute) {
    if (!input.diagnosed)
      llvm::report_fatal_error("an attribute failed to parse without a "
                               "diagnostic");
    return 0;
  }
  if (!isa<offload::OffloadDialect>(attribute.getDialect()))
    return 0;
  if (auto cuda = dyn_cast<offload::CudaTargetAttr>(attribute)) {
    (void)cuda.hasFlag("fast");
    (void)cuda.hasFlag("ftz");
  }
  if (auto rocm = dyn_cast<offload::RocmTargetAttr>(attribute)) {
    (void)rocm.getWaveSize();
    (void)rocm.getCodeObjectVersion();
  }
  std::string printed;
  llvm::raw_string_ostream os(printed);
  attribute.print(os);
  input.diagnosed = false;
  Attribute reparsed = parseAttribute(printed, context);
  if (reparsed != attribute) {
    llvm::errs() << "round trip broken: '" << input.text << "' printed as '"
                 << printed << "'\n";
    std::abort();
  }
  return 0;
}
