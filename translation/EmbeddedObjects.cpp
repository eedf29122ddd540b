//===- EmbeddedObjects.cpp - The objects #offload.loader embeds -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "translation/EmbeddedObjects.h"

#include "dialects/CudaChips.h"
#include "mgpu/mgpu.h"
#include "object_format/AmdgpuChips.h"
#include "object_format/ObjectFormat.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::offload;

/// The chip of a CUDA target attribute, or "" for other targets.
static StringRef getCudaChip(Attribute target) {
  if (auto cuda = dyn_cast<CudaTargetAttr>(target))
    return cuda.getChip();
  if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target))
    return nvvm.getChip();
  return "";
}

static int32_t getMgpuArchVariant(cuda::ArchVariant variant) {
  switch (variant) {
  case cuda::ArchVariant::Portable:
    return MGPU_ARCH_PORTABLE;
  case cuda::ArchVariant::Specific:
    return MGPU_ARCH_SPECIFIC;
  case cuda::ArchVariant::Family:
    return MGPU_ARCH_FAMILY;
  }
  llvm_unreachable("unknown architecture variant");
}

/// The object format of an object embedded as `kind`.
static object_format::Format getEmbeddedFormat(int kind) {
  switch (kind) {
  case MGPU_OBJECT_CUBIN:
    return object_format::Format::Cubin;
  case MGPU_OBJECT_FATBIN:
    return object_format::Format::Fatbin;
  case MGPU_OBJECT_PTX:
    return object_format::Format::Ptx;
  case MGPU_OBJECT_SPIRV:
    return object_format::Format::SpirV;
  case MGPU_OBJECT_AMDGPU:
    return object_format::Format::AmdgpuObject;
  default:
    return object_format::Format::HostObject;
  }
}

/// Checks that the bytes of `described` are what it is embedded as, and
/// whole. Bytes of no known format may be what a CUDA object is embedded as
/// (the driver judges them when it loads them; tests embed placeholders); a
/// host object must be one, since its ELF header says what CPU it is for.
static LogicalResult checkBytes(const EmbeddedObject &described,
                                function_ref<InFlightDiagnostic()> error) {
  StringRef bytes = described.object.getObject().getValue();
  object_format::Format expected = getEmbeddedFormat(described.kind);
  object_format::Identity found =
      object_format::identify(bytes.data(), bytes.size());
  if (found.format == object_format::Format::Unknown &&
      expected != object_format::Format::HostObject &&
      expected != object_format::Format::SpirV &&
      expected != object_format::Format::AmdgpuObject)
    return success();
  if (found.format != expected)
    return error() << "is embedded as "
                   << object_format::describeFormat(expected) << ", but holds "
                   << object_format::describe(found);
  object_format::Extent extent =
      object_format::getExtent(bytes.data(), bytes.size());
  if (!extent.fits())
    return error() << "is " << object_format::describe(found)
                   << " that is truncated or damaged: " << extent.problem;
  return success();
}

/// A host object: a shared object whose ELF header says what CPU it is for.
static FailureOr<EmbeddedObject>
describeHostObject(gpu::ObjectAttr object,
                   function_ref<InFlightDiagnostic()> error) {
  if (object.getFormat() != gpu::CompilationTarget::Binary &&
      object.getFormat() != gpu::CompilationTarget::Fatbin)
    return error() << "is " << stringifyCompilationTarget(object.getFormat())
                   << ", which the host backend cannot load; compile it with "
                      "gpu-module-to-binary format=bin or fatbin";
  StringRef bytes = object.getObject().getValue();
  int machine = object_format::identify(bytes.data(), bytes.size()).elfMachine;
  EmbeddedObject described{object, MGPU_OBJECT_HOST, machine,
                           MGPU_ARCH_PORTABLE};
  if (failed(checkBytes(described, error)))
    return failure();
  return described;
}

/// A Vulkan object: one SPIR-V module, for any Vulkan device.
static FailureOr<EmbeddedObject>
describeSpirvObject(gpu::ObjectAttr object,
                    function_ref<InFlightDiagnostic()> error) {
  if (object.getFormat() != gpu::CompilationTarget::Binary &&
      object.getFormat() != gpu::CompilationTarget::Fatbin)
    return error() << "is " << stringifyCompilationTarget(object.getFormat())
                   << ", which the Vulkan backend cannot load; compile it "
                      "with gpu-module-to-binary format=bin or fatbin";
  EmbeddedObject described{object, MGPU_OBJECT_SPIRV, 0, MGPU_ARCH_PORTABLE};
  if (failed(checkBytes(described, error)))
    return failure();
  return described;
}

/// The target ID of an AMD target attribute, or "" for other targets.
static StringRef getAmdgpuChip(Attribute target) {
  if (auto rocm = dyn_cast<RocmTargetAttr>(target))
    return rocm.getChip();
  if (auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(target))
    return rocdl.getChip();
  return "";
}

/// An AMD object: an HSA code object whose ELF flags say its chip and its
/// xnack and sramecc settings, which the runtime matches to the device.
static FailureOr<EmbeddedObject>
describeAmdgpuObject(gpu::ObjectAttr object, StringRef targetId,
                     function_ref<InFlightDiagnostic()> error) {
  if (object.getFormat() != gpu::CompilationTarget::Binary &&
      object.getFormat() != gpu::CompilationTarget::Fatbin)
    return error() << "is " << stringifyCompilationTarget(object.getFormat())
                   << ", which the HIP backend cannot load; compile it with "
                      "gpu-module-to-binary format=bin or fatbin";
  EmbeddedObject described{object, MGPU_OBJECT_AMDGPU, 0, 0};
  if (failed(checkBytes(described, error)))
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
  // #rocdl.target sets xnack and sramecc in its LLVM features, not its chip.
  bool checkFeatures = isa<RocmTargetAttr>(object.getTarget());
  if (!id || id->chip != chip ||
      (checkFeatures &&
       object_format::getAmdgpuFeatureFlags(*id) != (flags & featureMask)))
    return error() << "targets " << targetId << ", but holds code for "
                   << object_format::describeAmdgpuFlags(flags);
  described.arch = flags & object_format::kAmdgpuMachMask;
  described.archVariant = flags & featureMask;
  return described;
}

static FailureOr<EmbeddedObject> describe(gpu::BinaryOp binary, size_t index,
                                          gpu::ObjectAttr object) {
  auto error = [&] {
    return binary.emitError() << "object " << index << " of gpu.binary @"
                              << binary.getName() << " ";
  };
  if (isa<HostTargetAttr>(object.getTarget()))
    return describeHostObject(object, error);
  if (isa<VulkanTargetAttr>(object.getTarget()))
    return describeSpirvObject(object, error);
  if (StringRef targetId = getAmdgpuChip(object.getTarget()); !targetId.empty())
    return describeAmdgpuObject(object, targetId, error);
  EmbeddedObject described{object, 0, 0, MGPU_ARCH_PORTABLE};
  switch (object.getFormat()) {
  case gpu::CompilationTarget::Binary:
    described.kind = MGPU_OBJECT_CUBIN;
    break;
  case gpu::CompilationTarget::Fatbin:
    described.kind = MGPU_OBJECT_FATBIN;
    break;
  case gpu::CompilationTarget::Assembly:
    described.kind = MGPU_OBJECT_PTX;
    break;
  case gpu::CompilationTarget::Offload:
    return error() << "is LLVM bitcode, which the CUDA driver cannot load; "
                      "compile it with gpu-module-to-binary format=bin, "
                      "fatbin or isa";
  }
  StringRef chipName = getCudaChip(object.getTarget());
  if (chipName.empty())
    return error() << "targets " << object.getTarget()
                   << ", which is not a CUDA, AMD, Vulkan or host target";
  const cuda::Chip *chip = cuda::lookupChip(chipName);
  if (!chip)
    return error() << "targets chip '" << chipName
                   << "', which the mgpu runtime does not know; known chips: "
                   << cuda::listSupportedChips();
  described.arch = chip->arch;
  described.archVariant = getMgpuArchVariant(chip->variant);
  if (failed(checkBytes(described, error)))
    return failure();
  return described;
}

FailureOr<SmallVector<EmbeddedObject>>
mlir::offload::getObjectsToEmbed(gpu::BinaryOp binary, LoaderAttr loader) {
  ArrayRef<Attribute> objects = binary.getObjectsAttr().getValue();
  SmallVector<size_t> chosen;
  if (Attribute choice = loader.getObject()) {
    if (auto index = dyn_cast<IntegerAttr>(choice)) {
      if (index.getValue().uge(objects.size()))
        return binary.emitError()
               << "#offload.loader<object = "
               << llvm::toString(index.getValue(), 10, /*Signed=*/false)
               << "> chooses nothing: gpu.binary @" << binary.getName()
               << " has " << objects.size() << " object"
               << (objects.size() == 1 ? "" : "s");
      chosen.push_back(index.getInt());
    } else {
      for (auto [i, object] : llvm::enumerate(objects))
        if (cast<gpu::ObjectAttr>(object).getTarget() == choice)
          chosen.push_back(i);
      if (chosen.empty()) {
        InFlightDiagnostic diag = binary.emitError()
                                  << "#offload.loader<object = " << choice
                                  << "> matches no object of gpu.binary @"
                                  << binary.getName() << "; its targets: ";
        llvm::interleaveComma(objects, diag, [&](Attribute object) {
          diag << cast<gpu::ObjectAttr>(object).getTarget();
        });
        return diag;
      }
      chosen.resize(1); // the first of equal targets, as upstream
    }
  } else {
    for (size_t i = 0; i < objects.size(); ++i)
      chosen.push_back(i);
  }

  SmallVector<EmbeddedObject> described;
  for (size_t i : chosen) {
    FailureOr<EmbeddedObject> object =
        describe(binary, i, cast<gpu::ObjectAttr>(objects[i]));
    if (failed(object))
      return failure();
    described.push_back(*object);
  }
  return described;
}
