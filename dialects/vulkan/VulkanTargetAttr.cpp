//===- VulkanTargetAttr.cpp - #offload.vulkan -----------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/vulkan/VulkanTargetAttr.h"

#include "dialects/TargetAttrChecks.h"
#include "dialects/TargetAttrRegistration.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::offload;

// The dialect parses and prints the attribute through the hooks it adds
// (OffloadDialect::addTargetAttrIfNotRegistered), not through the dispatch
// that comes with the definitions.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#define GET_ATTRDEF_CLASSES
#include "dialects/vulkan/VulkanTargetAttr.cpp.inc"
#pragma GCC diagnostic pop

LogicalResult
VulkanTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         StringRef version, ArrayAttr caps, ArrayAttr exts,
                         int maxSharedMemory, int maxInvocations) {
  return vulkan::verifyEnvironment(emitError, version, caps, exts,
                                   maxSharedMemory, maxInvocations);
}

LogicalResult VulkanTargetAttr::verifyTarget(Operation *module) const {
  return verifyKernelNamesWithoutNul(
      module, "#offload.vulkan",
      "which a SPIR-V entry point's name cannot hold");
}

void mlir::offload::registerVulkanTargetAttr(DialectRegistry &registry) {
  registerTargetAttr<VulkanTargetAttr>(registry);
}
