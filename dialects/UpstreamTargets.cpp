//===- UpstreamTargets.cpp - Upstream's GPU targets as offload's ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/UpstreamTargets.h"

#include "dialects/OffloadDialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
using EmitError = function_ref<InFlightDiagnostic()>;

/// An upstream target attribute that maps to one of offload's.
struct UpstreamTarget {
  TypeID id;
  /// "#offload.cuda": what it maps to, for messages.
  StringLiteral offloadName;
  /// The offload target of an attribute of `id`; failure with one error
  /// through `emitError`, whose message goes on after "... maps to no
  /// #offload.cuda: ".
  FailureOr<Attribute> (*map)(Attribute attribute, EmitError emitError);
};
} // namespace

/// `given`'s flags that offload's target has too (`shared`), each set by its
/// presence as upstream's hasFlag() reads them. Others fail, unless
/// `takeOther` takes them.
static FailureOr<DictionaryAttr>
mapFlags(DictionaryAttr given, ArrayRef<StringLiteral> shared,
         EmitError emitError,
         function_ref<bool(NamedAttribute)> takeOther = nullptr) {
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

/// #nvvm.target as #offload.cuda: flags fast and ftz, and its ptxas options
/// ("ptxas-cmd-options") as ptxasOptions. `verifyTarget` (whether upstream
/// checks ops against the chip) has no effect on the compiled code.
static FailureOr<Attribute> mapNvvmTarget(Attribute attribute,
                                          EmitError emitError) {
  auto nvvm = cast<NVVM::NVVMTargetAttr>(attribute);
  ArrayAttr ptxasOptions;
  FailureOr<DictionaryAttr> flags = mapFlags(
      nvvm.getFlags(), {"fast", "ftz"}, emitError, [&](NamedAttribute flag) {
        if (flag.getName() != "ptxas-cmd-options")
          return false;
        ptxasOptions = dyn_cast<ArrayAttr>(flag.getValue());
        return ptxasOptions != nullptr;
      });
  if (failed(flags) ||
      failed(CudaTargetAttr::verify(emitError, nvvm.getO(), nvvm.getTriple(),
                                    nvvm.getChip(), nvvm.getFeatures(), *flags,
                                    nvvm.getLink(), ptxasOptions,
                                    /*assembler=*/"")))
    return failure();
  return CudaTargetAttr::get(nvvm.getContext(), nvvm.getO(), nvvm.getTriple(),
                             nvvm.getChip(), nvvm.getFeatures(), *flags,
                             nvvm.getLink(), ptxasOptions);
}

/// #rocdl.target as #offload.rocm: xnack and sramecc, which upstream sets in
/// `features`, go to the target ID; +wavefrontsize64 to wave64; the flags
/// fast, daz, finite_only and unsafe_math as they are. Upstream's wave64 and
/// no_wave64 flags tell only the device libraries the wave size, which here
/// follow the one the code is compiled for.
static FailureOr<Attribute> mapRocdlTarget(Attribute attribute,
                                           EmitError emitError) {
  auto rocdl = cast<ROCDL::ROCDLTargetAttr>(attribute);
  std::string xnack, sramecc;
  bool wave64 = false;
  SmallVector<StringRef> kept, entries;
  rocdl.getFeatures().split(entries, ',', /*MaxSplit=*/-1,
                            /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    StringRef name = entry.drop_front();
    bool on = entry.front() == '+';
    if (name == "xnack" || name == "sramecc")
      (name == "xnack" ? xnack : sramecc) =
          (":" + name + (on ? "+" : "-")).str();
    else if (name == "wavefrontsize64")
      wave64 = on;
    else if (name == "wavefrontsize32")
      wave64 = !on;
    else
      kept.push_back(entry);
  }
  std::string chip = rocdl.getChip().str() + sramecc + xnack;
  std::string features = llvm::join(kept, ",");
  FailureOr<DictionaryAttr> flags = mapFlags(
      rocdl.getFlags(), {"fast", "daz", "finite_only", "unsafe_math"},
      emitError, [](NamedAttribute flag) {
        return flag.getName() == "wave64" || flag.getName() == "no_wave64";
      });
  if (failed(flags) ||
      failed(RocmTargetAttr::verify(emitError, rocdl.getO(), rocdl.getTriple(),
                                    chip, features, rocdl.getAbi(), wave64,
                                    *flags, rocdl.getLink())))
    return failure();
  return RocmTargetAttr::get(rocdl.getContext(), rocdl.getO(),
                             rocdl.getTriple(), chip, features, rocdl.getAbi(),
                             wave64, *flags, rocdl.getLink());
}

/// The one table of upstream's targets that offload compiles.
static ArrayRef<UpstreamTarget> getUpstreamTargets() {
  static const UpstreamTarget targets[] = {
      {TypeID::get<NVVM::NVVMTargetAttr>(), "#offload.cuda", mapNvvmTarget},
      {TypeID::get<ROCDL::ROCDLTargetAttr>(), "#offload.rocm", mapRocdlTarget},
  };
  return targets;
}

FailureOr<Attribute> mlir::offload::getOffloadTarget(Attribute target,
                                                     EmitError emitError) {
  if (isa<OffloadDialect>(target.getDialect()))
    return target;
  for (const UpstreamTarget &upstream : getUpstreamTargets()) {
    if (target.getTypeID() != upstream.id)
      continue;
    return upstream.map(target, [&] {
      return emitError() << "upstream's " << target << " maps to no "
                         << upstream.offloadName << ": ";
    });
  }
  return emitError() << target
                     << " is not a target that offload compiles: those are "
                        "#offload.cuda, #offload.rocm, #offload.host, "
                        "#offload.vulkan, and upstream's #nvvm.target and "
                        "#rocdl.target";
}
