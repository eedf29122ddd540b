//===- KernelLowering.cpp - Which lowering a target's kernels need --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/KernelLowering.h"

#include "dialects/OffloadDialect.h"
#include "dialects/UpstreamTargets.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::offload;

FailureOr<KernelLowering>
mlir::offload::getKernelLowering(Attribute target,
                                 function_ref<InFlightDiagnostic()> emitError) {
  FailureOr<Attribute> offload = getOffloadTarget(target, emitError);
  if (failed(offload))
    return failure();
  if (isa<HostTargetAttr>(*offload))
    return KernelLowering::Host;
  if (isa<VulkanTargetAttr>(*offload))
    return KernelLowering::Spirv;
  if (auto rocm = dyn_cast<RocmTargetAttr>(*offload))
    return rocm.getWaveSize() == 32 ? KernelLowering::Rocdl32
                                    : KernelLowering::Rocdl64;
  assert(isa<CudaTargetAttr>(*offload) && "every offload target is lowered");
  return KernelLowering::Nvvm;
}

StringRef mlir::offload::getLoweringSuffix(KernelLowering lowering) {
  switch (lowering) {
  case KernelLowering::Nvvm:
    return "gpu";
  case KernelLowering::Host:
    return "host";
  case KernelLowering::Spirv:
    return "vulkan";
  case KernelLowering::Rocdl64:
    return "rocm";
  case KernelLowering::Rocdl32:
    return "rocm32";
  }
  llvm_unreachable("every lowering has a suffix");
}

StringRef mlir::offload::describeLowering(KernelLowering lowering) {
  switch (lowering) {
  case KernelLowering::Nvvm:
    return "convert-gpu-to-nvvm";
  case KernelLowering::Host:
    return "offload-lower-gpu-to-host";
  case KernelLowering::Spirv:
    return "offload-lower-gpu-to-spirv";
  case KernelLowering::Rocdl64:
    return "convert-gpu-to-rocdl for waves of 64 lanes";
  case KernelLowering::Rocdl32:
    return "convert-gpu-to-rocdl for waves of 32 lanes";
  }
  llvm_unreachable("every lowering has a pass");
}
