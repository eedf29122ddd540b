//===- RocmObjects.cpp - #offload.rocm's objects for the runtime ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "translation/rocm/RocmObjects.h"

#include "dialects/rocm/RocmTargetAttr.h"
#include "object_format/amdgpu/AmdgpuChips.h"
#include "translation/EmbeddedObjects.h"

#include "mgpu/mgpu.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

using namespace mlir;
using namespace mlir::offload;

/// An HSA code object for `targetId` whose ELF flags say its chip and, with
/// `checkModes`, the xnack and sramecc settings that the target ID fixes,
/// which the runtime matches to the device.
static FailureOr<EmbeddedObject>
describeRocmObject(StringRef targetId, bool checkModes, gpu::ObjectAttr object,
                   function_ref<InFlightDiagnostic()> error) {
  if (failed(checkBinaryFormat(object, "the HIP backend", error)) ||
      failed(checkObjectBytes(object, object_format::Format::AmdgpuObject,
                              /*unknownPasses=*/false, error)))
    return failure();
  StringRef bytes = object.getObject().getValue();
  uint32_t flags = *object_format::readElfFlags(bytes.data(), bytes.size());
  const object_format::AmdgpuChip *chip = object_format::lookupAmdgpuChipByMach(
      flags & object_format::kAmdgpuMachMask);
  const uint32_t featureMask =
      object_format::kAmdgpuXnackMask | object_format::kAmdgpuSrameccMask;
  // The runtime chooses by these bits: they must be what the target says.
  std::optional<object_format::AmdgpuTargetId> id =
      object_format::parseAmdgpuTargetId(targetId.str(), nullptr);
  if (!id || id->chip != chip ||
      (checkModes &&
       object_format::getAmdgpuFeatureFlags(*id) != (flags & featureMask)))
    return error() << "targets " << targetId << ", but holds code for "
                   << object_format::describeAmdgpuFlags(flags);
  return EmbeddedObject{
      object, MGPU_OBJECT_AMDGPU,
      static_cast<int>(flags & object_format::kAmdgpuMachMask),
      static_cast<int>(flags & featureMask)};
}

namespace {
/// #offload.rocm's objects, whose target ID fixes the modes the code object
/// must have.
struct RocmObjects
    : public EmbeddedObjectAttrInterface::ExternalModel<RocmObjects,
                                                        RocmTargetAttr> {
  FailureOr<EmbeddedObject>
  describeObject(Attribute target, gpu::ObjectAttr object,
                 function_ref<InFlightDiagnostic()> error) const {
    return describeRocmObject(cast<RocmTargetAttr>(target).getChip(),
                              /*checkModes=*/true, object, error);
  }
};

/// Upstream's #rocdl.target's objects, by its chip alone: it sets xnack and
/// sramecc in its LLVM features, not in its chip.
struct RocdlObjects : public EmbeddedObjectAttrInterface::ExternalModel<
                          RocdlObjects, ROCDL::ROCDLTargetAttr> {
  FailureOr<EmbeddedObject>
  describeObject(Attribute target, gpu::ObjectAttr object,
                 function_ref<InFlightDiagnostic()> error) const {
    return describeRocmObject(cast<ROCDL::ROCDLTargetAttr>(target).getChip(),
                              /*checkModes=*/false, object, error);
  }
};
} // namespace

void mlir::offload::registerRocmEmbeddedObjects(DialectRegistry &registry) {
  registerRocmTargetAttr(registry);
  registerEmbeddedObjectModel<OffloadDialect, RocmTargetAttr, RocmObjects>(
      registry);
  registerEmbeddedObjectModel<ROCDL::ROCDLDialect, ROCDL::ROCDLTargetAttr,
                              RocdlObjects>(registry);
}
