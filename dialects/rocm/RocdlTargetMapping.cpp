//===- RocdlTargetMapping.cpp - #rocdl.target as #offload.rocm ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/rocm/RocdlTargetMapping.h"

#include "dialects/OffloadDialect.h"
#include "dialects/UpstreamTargets.h"
#include "dialects/rocm/RocmTargetAttr.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// #rocdl.target as #offload.rocm: xnack and sramecc, which upstream sets in
/// `features`, go to the target ID; +wavefrontsize64 to wave64; the flags
/// fast, daz, finite_only and unsafe_math as they are. Upstream's wave64 and
/// no_wave64 flags tell only the device libraries the wave size, which here
/// follow the one the code is compiled for.
struct RocdlTargetMapping : public UpstreamTargetAttrInterface::ExternalModel<
                                RocdlTargetMapping, ROCDL::ROCDLTargetAttr> {
  StringRef getOffloadTargetName(Attribute) const { return "#offload.rocm"; }

  FailureOr<Attribute>
  mapToOffloadTarget(Attribute attribute,
                     function_ref<InFlightDiagnostic()> emitError) const {
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
    FailureOr<DictionaryAttr> flags = mapUpstreamFlags(
        rocdl.getFlags(), {"fast", "daz", "finite_only", "unsafe_math"},
        emitError, [](NamedAttribute flag) {
          return flag.getName() == "wave64" || flag.getName() == "no_wave64";
        });
    if (failed(flags) ||
        failed(RocmTargetAttr::verify(
            emitError, rocdl.getO(), rocdl.getTriple(), chip, features,
            rocdl.getAbi(), wave64, *flags, rocdl.getLink())))
      return failure();
    return RocmTargetAttr::get(rocdl.getContext(), rocdl.getO(),
                               rocdl.getTriple(), chip, features,
                               rocdl.getAbi(), wave64, *flags, rocdl.getLink());
  }
};
} // namespace

void mlir::offload::registerRocdlTargetMapping(DialectRegistry &registry) {
  registerRocmTargetAttr(registry);
  registerUpstreamTargetMapping<ROCDL::ROCDLDialect, ROCDL::ROCDLTargetAttr,
                                RocdlTargetMapping>(registry);
}
