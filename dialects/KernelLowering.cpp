//===- KernelLowering.cpp - Which lowering a target's kernels need --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/KernelLowering.h"

#include "dialects/OffloadDialect.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::offload;

KernelLowering mlir::offload::getKernelLowering(Attribute target) {
  if (isa<HostTargetAttr>(target))
    return KernelLowering::Host;
  if (isa<VulkanTargetAttr>(target))
    return KernelLowering::Spirv;
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
  }
  llvm_unreachable("every lowering has a pass");
}
