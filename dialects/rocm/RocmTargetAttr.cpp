//===- RocmTargetAttr.cpp - #offload.rocm ---------------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/rocm/RocmTargetAttr.h"

#include "dialects/TargetAttrChecks.h"
#include "dialects/TargetAttrRegistration.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
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
#include "dialects/rocm/RocmTargetAttr.cpp.inc"
#pragma GCC diagnostic pop

LogicalResult
RocmTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError, int O,
                       StringRef triple, StringRef chip, StringRef features,
                       StringRef abi, bool wave64, DictionaryAttr flags,
                       ArrayAttr link) {
  FailureOr<object_format::AmdgpuTargetId> id =
      rocm::parseTargetId(emitError, chip);
  if (failed(id) ||
      failed(rocm::verifyParameters(emitError, O, triple, *id, features, abi,
                                    wave64, flags)))
    return failure();
  return verifyStringArray(emitError, link, "link");
}

/// Fails when `target` comes after another AMD target of `module` whose
/// code object the runtime could not tell from its own (the same chip, xnack
/// and sramecc) but whose waves are of another size: the runtime would pick
/// either, and a kernel's subgroups would change with it.
static LogicalResult verifyWaveSizeIsKnownByObject(Operation *module,
                                                   RocmTargetAttr target) {
  auto gpuModule = dyn_cast<gpu::GPUModuleOp>(module);
  ArrayAttr targets = gpuModule ? gpuModule.getTargetsAttr() : nullptr;
  if (!targets)
    return success();
  object_format::AmdgpuTargetId id = target.getTargetId();
  for (Attribute before : targets) {
    if (before == target)
      return success();
    auto other = dyn_cast<RocmTargetAttr>(before);
    if (!other || other.getWaveSize() == target.getWaveSize())
      continue;
    object_format::AmdgpuTargetId otherId = other.getTargetId();
    if (otherId.chip != id.chip ||
        object_format::getAmdgpuFeatureFlags(otherId) !=
            object_format::getAmdgpuFeatureFlags(id))
      continue;
    // At the module's location, without printing the whole module.
    return emitError(module->getLoc())
           << "gpu.module lists " << other << " and " << target
           << ", whose code objects the runtime cannot tell apart (both for "
           << other.getChip() << ") but whose waves differ ("
           << other.getWaveSize() << " and " << target.getWaveSize()
           << " lanes): keep one of them";
  }
  return success();
}

LogicalResult RocmTargetAttr::verifyTarget(Operation *module) const {
  if (failed(verifyWaveSizeIsKnownByObject(module, *this)))
    return failure();
  return verifyKernelNamesWithoutNul(module, "#offload.rocm",
                                     "which an ELF symbol's name cannot hold");
}

bool RocmTargetAttr::hasFlag(StringRef flag) const {
  return isFlagSet(getFlags(), flag);
}

object_format::AmdgpuTargetId RocmTargetAttr::getTargetId() const {
  std::optional<object_format::AmdgpuTargetId> id =
      object_format::parseAmdgpuTargetId(getChip().str(), nullptr);
  assert(id && "the verifier accepts target IDs only");
  return *id;
}

unsigned RocmTargetAttr::getWaveSize() const {
  return rocm::getWaveSize(getTargetId(), getWave64());
}

unsigned RocmTargetAttr::getCodeObjectVersion() const {
  unsigned version = 0;
  bool bad = getAbi().getAsInteger(10, version);
  assert(!bad && "the verifier accepts 400, 500 and 600 only");
  (void)bad;
  return version;
}

void mlir::offload::registerRocmTargetAttr(DialectRegistry &registry) {
  registerTargetAttr<RocmTargetAttr>(registry);
}
