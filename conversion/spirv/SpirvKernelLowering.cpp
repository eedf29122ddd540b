//===- SpirvKernelLowering.cpp - #offload.vulkan's kernel lowering --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/Passes.h"

#include "dialects/KernelLowering.h"
#include "dialects/vulkan/VulkanTargetAttr.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
struct SpirvKernelLowering
    : public KernelLoweringModel<SpirvKernelLowering, VulkanTargetAttr> {
  StringRef getLoweringName(Attribute) const { return "vulkan"; }

  StringRef describeLowering(Attribute) const {
    return "offload-lower-gpu-to-spirv";
  }

  static void addPasses(OpPassManager &pm,
                        const KernelLoweringOptions &options) {
    OffloadLowerGpuToSpirvOptions spirv;
    spirv.indexBitwidth = options.indexBitwidth;
    spirv.kernelBarePtr = options.kernelBarePtr;
    pm.addPass(createOffloadLowerGpuToSpirv(spirv));
  }
};
} // namespace

void mlir::offload::registerSpirvKernelLowering(DialectRegistry &registry) {
  registerVulkanTargetAttr(registry);
  SpirvKernelLowering::registerWith(registry);
}
