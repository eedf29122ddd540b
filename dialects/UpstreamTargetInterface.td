//===- UpstreamTargetInterface.td - Upstream targets -*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_UPSTREAM_TARGET_INTERFACE
#define OFFLOAD_UPSTREAM_TARGET_INTERFACE

include "mlir/IR/Interfaces.td"

def Offload_UpstreamTargetAttrInterface
    : AttrInterface<"UpstreamTargetAttrInterface"> {
  let cppNamespace = "::mlir::offload";
  let description = [{
    An upstream GPU target attribute that a gpu.module may list beside ours,
    compiled as the offload target it maps to, so that it takes that
    target's lowering and serializer. The target whose attribute it maps to
    attaches it, from its own folder of dialects/.
  }];
  let methods = [
    InterfaceMethod<[{
        The offload target it maps to, for messages: "#offload.cuda".
      }], "::llvm::StringRef", "getOffloadTargetName", (ins)>,
    InterfaceMethod<[{
        The offload target attribute of the same parameters, or failure
        after one error through `emitError`, whose message goes on after
        "upstream's <target> maps to no <offload target>: ".
      }], "::mlir::FailureOr<::mlir::Attribute>", "mapToOffloadTarget",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

#endif // OFFLOAD_UPSTREAM_TARGET_INTERFACE
