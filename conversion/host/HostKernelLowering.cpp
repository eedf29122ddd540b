//===- HostKernelLowering.cpp - #offload.host's kernel lowering -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/Passes.h"

#include "dialects/KernelLowering.h"
#include "dialects/host/HostTargetAttr.h"

#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
struct HostKernelLowering
    : public KernelLoweringModel<HostKernelLowering, HostTargetAttr> {
  StringRef getLoweringName(Attribute) const { return "host"; }

  StringRef describeLowering(Attribute) const {
    return "offload-lower-gpu-to-host";
  }

  static void addPasses(OpPassManager &pm,
                        const KernelLoweringOptions &options) {
    OffloadLowerGpuToHostOptions host;
    host.kernelBarePtr = options.kernelBarePtr;
    pm.addPass(createOffloadLowerGpuToHost(host));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
};
} // namespace

void mlir::offload::registerHostKernelLowering(DialectRegistry &registry) {
  registerHostTargetAttr(registry);
  HostKernelLowering::registerWith(registry);
}
