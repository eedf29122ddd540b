//===- EmbeddedObjects.h - The objects #offload.loader embeds ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSLATION_EMBEDDEDOBJECTS_H
#define OFFLOAD_TRANSLATION_EMBEDDEDOBJECTS_H

#include "dialects/OffloadDialect.h"
#include "object_format/ObjectFormat.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::offload {

/// One object of a gpu.binary as libmgpu's MgpuObject describes it.
struct EmbeddedObject {
  gpu::ObjectAttr object;
  /// One of the ABI's MGPU_OBJECT_* kinds.
  int kind;
  /// What the kind's backend chooses by (mgpu.h): 10 * major + minor for a
  /// CUDA object, an ELF machine, a chip's number.
  int arch;
  /// What sets apart objects of one arch (mgpu.h): MGPU_ARCH_PORTABLE,
  /// _SPECIFIC or _FAMILY for a CUDA object, a chip's modes.
  int archVariant;
};

} // namespace mlir::offload

#include "translation/EmbeddedObjectInterface.h.inc"

namespace mlir::offload {

/// The objects of `binary` to embed: the one that `loader`'s `object`
/// chooses, or all of them, each described by its target's
/// EmbeddedObjectAttrInterface. Reports at `binary` an object that the
/// runtime cannot load (LLVM bitcode, host assembly, a target that has no
/// description), one whose bytes are not what it is embedded as
/// (object_format: a fatbin embedded as a cubin, a host object that is no
/// host shared object) or are truncated, and a choice that matches nothing.
FailureOr<SmallVector<EmbeddedObject>> getObjectsToEmbed(gpu::BinaryOp binary,
                                                         LoaderAttr loader);

/// For the targets' descriptions: fails with one error through `error`
/// unless `object` is a binary or fatbinary, the formats that `backend`
/// ("the host backend") loads.
LogicalResult checkBinaryFormat(gpu::ObjectAttr object, StringRef backend,
                                function_ref<InFlightDiagnostic()> error);

/// For the targets' descriptions: fails with one error through `error`
/// unless the bytes of `object` are an object of format `expected`, whole.
/// With `unknownPasses`, bytes of no format that object_format knows pass:
/// the driver judges them when it loads them.
LogicalResult checkObjectBytes(gpu::ObjectAttr object,
                               object_format::Format expected,
                               bool unknownPasses,
                               function_ref<InFlightDiagnostic()> error);

/// Attaches `Model`, an EmbeddedObjectAttrInterface::ExternalModel, to
/// `Attr` of `Dialect` in every context made with `registry`. A target
/// describes the objects of the upstream attributes that map to it too, by
/// what the object needs (its chip) alone: the translation embeds objects
/// that upstream's serializers made from attributes our pipelines would not
/// compile.
template <typename Dialect, typename Attr, typename Model>
void registerEmbeddedObjectModel(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, Dialect *) {
    Attr::template attachInterface<Model>(*context);
  });
}

} // namespace mlir::offload

#endif // OFFLOAD_TRANSLATION_EMBEDDEDOBJECTS_H
