//===- CudaObjects.cpp - #offload.cuda's objects for the runtime ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "translation/cuda/CudaObjects.h"

#include "dialects/cuda/CudaChips.h"
#include "dialects/cuda/CudaTargetAttr.h"
#include "translation/EmbeddedObjects.h"

#include "mgpu/mgpu.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

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

/// A cubin, fatbin or PTX for `chipName`, which the runtime chooses by
/// CUDA's rules for running SASS and PTX.
static FailureOr<EmbeddedObject>
describeCudaObject(StringRef chipName, gpu::ObjectAttr object,
                   function_ref<InFlightDiagnostic()> error) {
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

namespace {
/// #offload.cuda's objects, and upstream's #nvvm.target's (which maps to
/// it), by the target's chip.
template <typename Attr>
struct CudaObjects
    : public EmbeddedObjectAttrInterface::ExternalModel<CudaObjects<Attr>,
                                                        Attr> {
  FailureOr<EmbeddedObject>
  describeObject(Attribute target, gpu::ObjectAttr object,
                 function_ref<InFlightDiagnostic()> error) const {
    return describeCudaObject(cast<Attr>(target).getChip(), object, error);
  }
};
} // namespace

void mlir::offload::registerCudaEmbeddedObjects(DialectRegistry &registry) {
  registerCudaTargetAttr(registry);
  registerEmbeddedObjectModel<OffloadDialect, CudaTargetAttr,
                              CudaObjects<CudaTargetAttr>>(registry);
  registerEmbeddedObjectModel<NVVM::NVVMDialect, NVVM::NVVMTargetAttr,
                              CudaObjects<NVVM::NVVMTargetAttr>>(registry);
}
