//===- CudaObjects.cpp - #offload.cuda's objects for the runtime ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "translation/cuda/CudaObjects.h"

#include "dialects/CudaChips.h"
#include "translation/EmbeddedObjects.h"

#include "mgpu/mgpu.h"

using namespace mlir;
using namespace mlir::offload;

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

static object_format::Format getFormat(int kind) {
  switch (kind) {
  case MGPU_OBJECT_CUBIN:
    return object_format::Format::Cubin;
  case MGPU_OBJECT_FATBIN:
    return object_format::Format::Fatbin;
  default:
    return object_format::Format::Ptx;
  }
}

namespace {
/// A cubin, fatbin or PTX for the chip of the target, which the runtime
/// chooses by CUDA's rules for running SASS and PTX.
struct CudaObjects
    : public EmbeddedObjectAttrInterface::ExternalModel<CudaObjects,
                                                        CudaTargetAttr> {
  FailureOr<EmbeddedObject>
  describeObject(Attribute target, gpu::ObjectAttr object,
                 function_ref<InFlightDiagnostic()> error) const {
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
    StringRef chipName = cast<CudaTargetAttr>(target).getChip();
    const cuda::Chip *chip = cuda::lookupChip(chipName);
    if (!chip)
      return error() << "targets chip '" << chipName
                     << "', which the mgpu runtime does not know; known "
                        "chips: "
                     << cuda::listSupportedChips();
    described.arch = chip->arch;
    described.archVariant = getMgpuArchVariant(chip->variant);
    // Bytes of no known format pass: the driver judges them when it loads
    // them (tests embed placeholders).
    if (failed(checkObjectBytes(object, getFormat(described.kind),
                                /*unknownPasses=*/true, error)))
      return failure();
    return described;
  }
};
} // namespace

void mlir::offload::registerCudaEmbeddedObjects(DialectRegistry &registry) {
  registerEmbeddedObjectModel<CudaTargetAttr, CudaObjects>(registry);
}
