//===- HostObjects.cpp - #offload.host's objects for the runtime ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "translation/host/HostObjects.h"

#include "dialects/host/HostTargetAttr.h"
#include "translation/EmbeddedObjects.h"

#include "mgpu/mgpu.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// A shared object whose ELF header says what CPU it is for.
struct HostObjects
    : public EmbeddedObjectAttrInterface::ExternalModel<HostObjects,
                                                        HostTargetAttr> {
  FailureOr<EmbeddedObject>
  describeObject(Attribute, gpu::ObjectAttr object,
                 function_ref<InFlightDiagnostic()> error) const {
    if (failed(checkBinaryFormat(object, "the host backend", error)) ||
        failed(checkObjectBytes(object, object_format::Format::HostObject,
                                /*unknownPasses=*/false, error)))
      return failure();
    StringRef bytes = object.getObject().getValue();
    int machine =
        object_format::identify(bytes.data(), bytes.size()).elfMachine;
    return EmbeddedObject{object, MGPU_OBJECT_HOST, machine,
                          MGPU_ARCH_PORTABLE};
  }
};
} // namespace

void mlir::offload::registerHostEmbeddedObjects(DialectRegistry &registry) {
  registerHostTargetAttr(registry);
  registerEmbeddedObjectModel<OffloadDialect, HostTargetAttr, HostObjects>(
      registry);
}
