//===- UpstreamTargets.h - Upstream's GPU targets as offload's --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A gpu.module may list upstream's GPU targets beside offload's. Each is
// compiled as the offload target that it maps to, so that it takes that
// target's lowering and serializer. The target attaches the mapping to the
// upstream attribute (UpstreamTargetAttrInterface) from its own folder.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_UPSTREAMTARGETS_H
#define OFFLOAD_DIALECTS_UPSTREAMTARGETS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/StringRef.h"

#include "dialects/UpstreamTargetInterface.h.inc"

namespace mlir::offload {

class OffloadDialect;

/// What a tool that lacks a target's models (mlir-opt with our pass plugin
/// alone) is told to do, after what it lacks.
inline constexpr llvm::StringLiteral kLoadDialectPluginHint =
    "in mlir-opt, load liboffload_plugin.so with --load-dialect-plugin: a "
    "pass plugin alone registers the passes, not the targets";

/// The offload dialect's target attribute that `target` is compiled as:
/// `target` itself when it is one; an upstream target that has a mapping
/// (UpstreamTargetAttrInterface) as the offload target of the same
/// parameters. Fails with one error through `emitError` for a target of
/// another kind, or one with a parameter that has no counterpart or that the
/// offload target refuses.
FailureOr<Attribute>
getOffloadTarget(Attribute target,
                 function_ref<InFlightDiagnostic()> emitError);

/// For the mappings: the flags of an upstream target's `given` flags that
/// are in `shared`, as unit flags; any other flag that `takeOther` does not
/// take is an error through `emitError` that names it. Null for no flags.
FailureOr<DictionaryAttr>
mapUpstreamFlags(DictionaryAttr given, ArrayRef<StringLiteral> shared,
                 function_ref<InFlightDiagnostic()> emitError,
                 function_ref<bool(NamedAttribute)> takeOther = nullptr);

/// Attaches `Model`, an UpstreamTargetAttrInterface::ExternalModel, to
/// upstream's `Attr` of `Dialect` in every context made with `registry`.
/// The mapping makes offload attributes: it applies once the offload
/// dialect is loaded too, so that without it a target is one error.
template <typename Dialect, typename Attr, typename Model>
void registerUpstreamTargetMapping(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, Dialect *, OffloadDialect *) {
    Attr::template attachInterface<Model>(*context);
  });
}

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_UPSTREAMTARGETS_H
