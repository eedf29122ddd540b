//===- KernelLowering.cpp - How a target's kernels lower ------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/KernelLowering.h"

#include "dialects/UpstreamTargets.h"
#include "dialects/cuda/CudaTargetAttr.h"

using namespace mlir;
using namespace mlir::offload;

#include "dialects/KernelLoweringInterface.cpp.inc"

FailureOr<KernelLoweringAttrInterface>
mlir::offload::getKernelLowering(Attribute target,
                                 function_ref<InFlightDiagnostic()> emitError) {
  FailureOr<Attribute> offload = getOffloadTarget(target, emitError);
  if (failed(offload))
    return failure();
  if (auto lowering = dyn_cast<KernelLoweringAttrInterface>(*offload))
    return lowering;
  return emitError() << "this tool has no kernel lowering for " << *offload
                     << " (" << kLoadDialectPluginHint
                     << "; a tool of its own registers the lowerings with "
                        "registerOffloadDialect)";
}

FailureOr<KernelLoweringAttrInterface>
mlir::offload::getModuleLowering(gpu::GPUModuleOp module) {
  auto emitError = [&] {
    return mlir::emitError(module.getLoc())
           << "gpu.module @" << module.getName() << ": ";
  };
  ArrayAttr targets = module.getTargetsAttr();
  if (!targets || targets.empty()) {
    // A pass that asks for a module without targets loads our dialect.
    if (!module.getContext()->getLoadedDialect<OffloadDialect>())
      return emitError() << "it has no targets, and the offload dialect "
                            "that gives it a default one is not loaded";
    return getKernelLowering(CudaTargetAttr::get(module.getContext()),
                             emitError);
  }
  FailureOr<KernelLoweringAttrInterface> first =
      getKernelLowering(targets[0], emitError);
  if (failed(first))
    return failure();
  for (Attribute target : targets.getValue().drop_front()) {
    FailureOr<KernelLoweringAttrInterface> lowering =
        getKernelLowering(target, emitError);
    if (failed(lowering))
      return failure();
    if (lowering->getLoweringName() == first->getLoweringName())
      continue;
    return mlir::emitError(module.getLoc())
           << "gpu.module @" << module.getName() << " lists " << targets[0]
           << " and " << target << ", whose kernels need different "
           << "lowerings (" << first->describeLowering() << ", "
           << lowering->describeLowering()
           << "): run offload-split-by-lowering first";
  }
  return first;
}

void mlir::offload::detail::registerLoweringDialects(
    DialectRegistry &registry,
    void (*addPasses)(OpPassManager &, const KernelLoweringOptions &)) {
  OpPassManager pm(gpu::GPUModuleOp::getOperationName());
  addPasses(pm, KernelLoweringOptions());
  pm.getDependentDialects(registry);
}

void mlir::offload::detail::loadLoweringDialects(
    MLIRContext *context,
    void (*addPasses)(OpPassManager &, const KernelLoweringOptions &)) {
  // By name, from the context's registry, which registerLoweringDialects
  // filled: appending to that registry here, while it applies this
  // extension, would invalidate what it iterates over.
  DialectRegistry needed;
  registerLoweringDialects(needed, addPasses);
  for (StringRef name : needed.getDialectNames())
    context->getOrLoadDialect(name);
}
