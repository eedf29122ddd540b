//===- UpstreamTargets.cpp - Upstream's GPU targets as offload's ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/UpstreamTargets.h"

#include "dialects/OffloadDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::offload;

#include "dialects/UpstreamTargetInterface.cpp.inc"

FailureOr<DictionaryAttr>
mlir::offload::mapUpstreamFlags(DictionaryAttr given,
                                ArrayRef<StringLiteral> shared,
                                function_ref<InFlightDiagnostic()> emitError,
                                function_ref<bool(NamedAttribute)> takeOther) {
  if (!given)
    return DictionaryAttr();
  SmallVector<NamedAttribute> flags;
  for (NamedAttribute flag : given) {
    StringRef name = flag.getName().strref();
    if (llvm::is_contained(shared, name))
      flags.emplace_back(flag.getName(), UnitAttr::get(given.getContext()));
    else if (!takeOther || !takeOther(flag))
      return emitError() << "its flag '" << name
                         << "' has no counterpart (the flags that map are "
                         << llvm::join(shared, ", ") << ")";
  }
  if (flags.empty())
    return DictionaryAttr();
  return DictionaryAttr::get(given.getContext(), flags);
}

FailureOr<Attribute>
mlir::offload::getOffloadTarget(Attribute target,
                                function_ref<InFlightDiagnostic()> emitError) {
  if (isa<OffloadDialect>(target.getDialect()))
    return target;
  if (auto upstream = dyn_cast<UpstreamTargetAttrInterface>(target))
    return upstream.mapToOffloadTarget([&] {
      return emitError() << "upstream's " << target << " maps to no "
                         << upstream.getOffloadTargetName() << ": ";
    });
  return emitError() << target
                     << " is not a target that offload compiles: those are "
                        "the offload dialect's targets, and upstream's that "
                        "map to one (upstream's map in a tool that registers "
                        "their mappings; "
                     << kLoadDialectPluginHint << ")";
}
