//===- RocdlKernelLowering.cpp - #offload.rocm's kernel lowering ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/rocdl/Passes.h"

#include "dialects/KernelLowering.h"
#include "dialects/rocm/RocmTargetAttr.h"

#include "mlir/Conversion/AMDGPUToROCDL/AMDGPUToROCDL.h"
#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// Subgroup operations expand for the chip's wave size, so chips of waves of
/// 64 lanes (gfx9 and older, or wave64) and of 32 take separate lowerings.
struct RocdlKernelLowering
    : public KernelLoweringModel<RocdlKernelLowering, RocmTargetAttr> {
  StringRef getLoweringName(Attribute target) const {
    return cast<RocmTargetAttr>(target).getWaveSize() == 32 ? "rocm32" : "rocm";
  }

  StringRef describeLowering(Attribute target) const {
    return cast<RocmTargetAttr>(target).getWaveSize() == 32
               ? "offload-lower-gpu-to-rocdl for waves of 32 lanes"
               : "offload-lower-gpu-to-rocdl for waves of 64 lanes";
  }

  LogicalResult configureLLVMTypeConverter(Attribute,
                                           LLVMTypeConverter &converter) const {
    amdgpu::populateCommonGPUTypeAndAttributeConversions(converter);
    populateAMDGPUTypeAndAttributeConversions(converter);
    return success();
  }

  static void addPasses(OpPassManager &pm,
                        const KernelLoweringOptions &options) {
    OffloadLowerGpuToRocdlOptions rocdl;
    rocdl.indexBitwidth = options.indexBitwidth;
    rocdl.kernelBarePtr = options.kernelBarePtr;
    pm.addPass(createOffloadLowerGpuToRocdl(rocdl));
  }
};
} // namespace

void mlir::offload::registerRocdlKernelLowering(DialectRegistry &registry) {
  registerRocmTargetAttr(registry);
  RocdlKernelLowering::registerWith(registry);
}
