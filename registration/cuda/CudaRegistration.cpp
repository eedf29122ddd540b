//===- CudaRegistration.cpp - Everything of #offload.cuda -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/nvvm/Passes.h"
#include "dialects/cuda/Passes.h"
#include "pipelines/cuda/CudaPipelines.h"
#include "registration/TargetRegistration.h"
#include "target/cuda/CudaTarget.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

using namespace mlir;

void mlir::offload::registerCudaTarget(DialectRegistry &registry) {
  registerCudaTargetInterfaceExternalModels(registry);
  registerNvvmKernelLowering(registry);
  registerNVVMDialectTranslation(registry);
}

void mlir::offload::registerCudaTargetPasses() {
  registerOffloadCudaPasses();
  registerOffloadNvvmConversionPasses();
  registerCudaPipelines();
}
