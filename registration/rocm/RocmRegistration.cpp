//===- RocmRegistration.cpp - Everything of #offload.rocm -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/rocdl/Passes.h"
#include "dialects/rocm/Passes.h"
#include "pipelines/rocm/RocmPipelines.h"
#include "registration/TargetRegistration.h"
#include "target/rocm/RocmTarget.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"

using namespace mlir;

void mlir::offload::registerRocmTarget(DialectRegistry &registry) {
  registerRocmTargetInterfaceExternalModels(registry);
  registerRocdlKernelLowering(registry);
  registerROCDLDialectTranslation(registry);
}

void mlir::offload::registerRocmTargetPasses() {
  registerOffloadRocmPasses();
  registerOffloadRocdlConversionPasses();
  registerRocmPipelines();
}
