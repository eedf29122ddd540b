//===- EmbeddedObjectInterface.td - How objects embed -*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_EMBEDDED_OBJECT_INTERFACE
#define OFFLOAD_EMBEDDED_OBJECT_INTERFACE

include "mlir/IR/Interfaces.td"

def Offload_EmbeddedObjectAttrInterface
    : AttrInterface<"EmbeddedObjectAttrInterface"> {
  let cppNamespace = "::mlir::offload";
  let description = [{
    How the objects that a target compiles are described to libmgpu
    (MgpuObject: kind, arch, arch variant) when #offload.loader embeds them,
    and what their bytes must be. Each target attaches it to its attribute
    from its own folder under translation/, so that the translation of
    gpu.binary names no target (as upstream's SelectObjectAttr names no
    vendor).
  }];
  let methods = [
    InterfaceMethod<[{
        `object` (whose target maps to this one) as the runtime takes it, or
        failure after one error through `error`, whose message goes on after
        "object N of gpu.binary @name ": an object in a format that the
        target's backend cannot load, bytes that are not what the object is
        embedded as, or a chip that the runtime does not know.
      }], "::mlir::FailureOr<::mlir::offload::EmbeddedObject>",
      "describeObject",
      (ins "::mlir::gpu::ObjectAttr":$object,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$error)>,
  ];
}

#endif // OFFLOAD_EMBEDDED_OBJECT_INTERFACE
