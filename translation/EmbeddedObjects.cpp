//===- EmbeddedObjects.cpp - The objects #offload.loader embeds -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "translation/EmbeddedObjects.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::offload;

#include "translation/EmbeddedObjectInterface.cpp.inc"

LogicalResult
mlir::offload::checkBinaryFormat(gpu::ObjectAttr object, StringRef backend,
                                 function_ref<InFlightDiagnostic()> error) {
  if (object.getFormat() == gpu::CompilationTarget::Binary ||
      object.getFormat() == gpu::CompilationTarget::Fatbin)
    return success();
  return error() << "is " << stringifyCompilationTarget(object.getFormat())
                 << ", which " << backend << " cannot load; compile it with "
                 << "gpu-module-to-binary format=bin or fatbin";
}

LogicalResult mlir::offload::checkObjectBytes(
    gpu::ObjectAttr object, object_format::Format expected, bool unknownPasses,
    function_ref<InFlightDiagnostic()> error) {
  StringRef bytes = object.getObject().getValue();
  object_format::Identity found =
      object_format::identify(bytes.data(), bytes.size());
  if (found.format == object_format::Format::Unknown && unknownPasses)
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

static FailureOr<EmbeddedObject> describe(gpu::BinaryOp binary, size_t index,
                                          gpu::ObjectAttr object) {
  auto error = [&] {
    return binary.emitError() << "object " << index << " of gpu.binary @"
                              << binary.getName() << " ";
  };
  auto model = dyn_cast<EmbeddedObjectAttrInterface>(object.getTarget());
  if (!model)
    return error() << "targets " << object.getTarget()
                   << ", whose objects no target of this tool describes for "
                      "the runtime (those of the offload dialect's targets "
                      "and of upstream's that map to one; a tool of its own "
                      "registers them with "
                      "registerOffloadToLLVMIRTranslationModels)";
  return model.describeObject(object, error);
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
