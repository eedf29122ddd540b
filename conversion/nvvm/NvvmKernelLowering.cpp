//===- NvvmKernelLowering.cpp - #offload.cuda's kernel lowering -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/nvvm/Passes.h"

#include "dialects/KernelLowering.h"
#include "dialects/cuda/CudaTargetAttr.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
struct NvvmKernelLowering
    : public KernelLoweringModel<NvvmKernelLowering, CudaTargetAttr> {
  StringRef getLoweringName(Attribute) const { return "gpu"; }

  StringRef describeLowering(Attribute) const {
    return "offload-lower-gpu-to-nvvm";
  }

  LogicalResult configureLLVMTypeConverter(Attribute,
                                           LLVMTypeConverter &converter) const {
    configureGpuToNVVMTypeConverter(converter);
    return success();
  }

  static void addPasses(OpPassManager &pm,
                        const KernelLoweringOptions &options) {
    OffloadLowerGpuToNvvmOptions nvvm;
    nvvm.indexBitwidth = options.indexBitwidth;
    nvvm.kernelBarePtr = options.kernelBarePtr;
    pm.addPass(createOffloadLowerGpuToNvvm(nvvm));
  }
};
} // namespace

void mlir::offload::registerNvvmKernelLowering(DialectRegistry &registry) {
  registerCudaTargetAttr(registry);
  NvvmKernelLowering::registerWith(registry);
}
