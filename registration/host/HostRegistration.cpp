//===- HostRegistration.cpp - Everything of #offload.host -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/Passes.h"
#include "dialects/host/Passes.h"
#include "pipelines/host/HostPipelines.h"
#include "registration/TargetRegistration.h"
#include "target/host/HostTarget.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

void mlir::offload::registerHostTarget(DialectRegistry &registry) {
  registerHostTargetInterfaceExternalModels(registry);
  registerHostKernelLowering(registry);
}

void mlir::offload::registerHostTargetPasses() {
  registerOffloadHostPasses();
  registerOffloadHostConversionPasses();
  registerHostPipelines();
}
