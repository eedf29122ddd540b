//===- HostTargetAttr.cpp - #offload.host ---------------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/host/HostTargetAttr.h"

#include "dialects/FeatureList.h"
#include "dialects/TargetAttrChecks.h"
#include "dialects/TargetAttrRegistration.h"
#include "dialects/host/HostCpus.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::offload;

// The dialect parses and prints the attribute through the hooks it adds
// (OffloadDialect::addTargetAttrIfNotRegistered), not through the dispatch
// that comes with the definitions.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#define GET_ATTRDEF_CLASSES
#include "dialects/host/HostTargetAttr.cpp.inc"
#pragma GCC diagnostic pop

LogicalResult
HostTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError, int O,
                       StringRef triple, StringRef cpu, StringRef features,
                       bool) {
  if (failed(verifyOptLevel(emitError, O)))
    return failure();
  if (!triple.empty()) {
    llvm::Triple parsed(triple);
    if (parsed.getArch() != llvm::Triple::x86_64 &&
        parsed.getArch() != llvm::Triple::aarch64)
      return emitError() << "unsupported triple '" << triple
                         << "'; #offload.host targets x86_64 and aarch64 "
                            "CPUs (or, when empty, the compiling machine)";
  }
  if (cpu.trim() != cpu || cpu.contains(','))
    return emitError() << "cpu '" << cpu << "' is not a CPU name";
  if (failed(splitFeatureList(emitError, features, "+avx2,-avx512f")))
    return failure();
  return host::verifyCpuAndFeatures(emitError, triple, cpu, features);
}

LogicalResult HostTargetAttr::verifyTarget(Operation *module) const {
  return verifyKernelNamesWithoutNul(
      module, "#offload.host",
      "and the runtime looks kernels up by C strings, which end there");
}

void mlir::offload::registerHostTargetAttr(DialectRegistry &registry) {
  registerTargetAttr<HostTargetAttr>(registry);
}
