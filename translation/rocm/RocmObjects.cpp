//===- RocmObjects.cpp - #offload.rocm's objects for the runtime ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "translation/rocm/RocmObjects.h"

#include "object_format/AmdgpuChips.h"
#include "translation/EmbeddedObjects.h"

#include "mgpu/mgpu.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// An HSA code object whose ELF flags say its chip and its xnack and sramecc
/// settings, which the runtime matches to the device.
struct RocmObjects
    : public EmbeddedObjectAttrInterface::ExternalModel<RocmObjects,
                                                        RocmTargetAttr> {
  FailureOr<EmbeddedObject>
  describeObject(Attribute target, gpu::ObjectAttr object,
                 function_ref<InFlightDiagnostic()> error) const {
    if (failed(checkBinaryFormat(object, "the HIP backend", error)) ||
        failed(checkObjectBytes(object, object_format::Format::AmdgpuObject,
                                /*unknownPasses=*/false, error)))
      return failure();
    StringRef targetId = cast<RocmTargetAttr>(target).getChip();
    StringRef bytes = object.getObject().getValue();
    uint32_t flags = *object_format::readElfFlags(bytes.data(), bytes.size());
    const object_format::AmdgpuChip *chip =
        object_format::lookupAmdgpuChipByMach(flags &
                                              object_format::kAmdgpuMachMask);
    const uint32_t featureMask =
        object_format::kAmdgpuXnackMask | object_format::kAmdgpuSrameccMask;
    // The runtime chooses by these bits: they must be what the target says.
    std::optional<object_format::AmdgpuTargetId> id =
        object_format::parseAmdgpuTargetId(targetId.str(), nullptr);
    // Upstream's #rocdl.target sets xnack and sramecc in its LLVM features,
    // which leave the code object's modes as LLVM's defaults for the chip.
    bool checkFeatures = isa<RocmTargetAttr>(object.getTarget());
    if (!id || id->chip != chip ||
        (checkFeatures &&
         object_format::getAmdgpuFeatureFlags(*id) != (flags & featureMask)))
      return error() << "targets " << targetId << ", but holds code for "
                     << object_format::describeAmdgpuFlags(flags);
    return EmbeddedObject{
        object, MGPU_OBJECT_AMDGPU,
        static_cast<int>(flags & object_format::kAmdgpuMachMask),
        static_cast<int>(flags & featureMask)};
  }
};
} // namespace

void mlir::offload::registerRocmEmbeddedObjects(DialectRegistry &registry) {
  registerEmbeddedObjectModel<RocmTargetAttr, RocmObjects>(registry);
}
