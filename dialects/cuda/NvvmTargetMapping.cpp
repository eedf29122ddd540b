//===- NvvmTargetMapping.cpp - #nvvm.target as #offload.cuda --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/cuda/NvvmTargetMapping.h"

#include "dialects/OffloadDialect.h"
#include "dialects/UpstreamTargets.h"
#include "dialects/cuda/CudaTargetAttr.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// #nvvm.target as #offload.cuda of the same chip, features, O level and
/// link files: flags fast and ftz, and its ptxas options
/// ("ptxas-cmd-options") as ptxasOptions. `verifyTarget` (whether upstream
/// checks ops against the chip) has no effect on the compiled code.
struct NvvmTargetMapping
    : public UpstreamTargetAttrInterface::ExternalModel<NvvmTargetMapping,
                                                        NVVM::NVVMTargetAttr> {
  StringRef getOffloadTargetName(Attribute) const { return "#offload.cuda"; }

  FailureOr<Attribute>
  mapToOffloadTarget(Attribute attribute,
                     function_ref<InFlightDiagnostic()> emitError) const {
    auto nvvm = cast<NVVM::NVVMTargetAttr>(attribute);
    ArrayAttr ptxasOptions;
    FailureOr<DictionaryAttr> flags = mapUpstreamFlags(
        nvvm.getFlags(), {"fast", "ftz"}, emitError, [&](NamedAttribute flag) {
          if (flag.getName() != "ptxas-cmd-options")
            return false;
          ptxasOptions = dyn_cast<ArrayAttr>(flag.getValue());
          return ptxasOptions != nullptr;
        });
    if (failed(flags) ||
        failed(CudaTargetAttr::verify(emitError, nvvm.getO(), nvvm.getTriple(),
                                      nvvm.getChip(), nvvm.getFeatures(),
                                      *flags, nvvm.getLink(), ptxasOptions,
                                      /*assembler=*/"")))
      return failure();
    return CudaTargetAttr::get(nvvm.getContext(), nvvm.getO(), nvvm.getTriple(),
                               nvvm.getChip(), nvvm.getFeatures(), *flags,
                               nvvm.getLink(), ptxasOptions);
  }
};
} // namespace

void mlir::offload::registerNvvmTargetMapping(DialectRegistry &registry) {
  registerCudaTargetAttr(registry);
  registerUpstreamTargetMapping<NVVM::NVVMDialect, NVVM::NVVMTargetAttr,
                                NvvmTargetMapping>(registry);
}
