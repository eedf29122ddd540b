//===- Registration.cpp - Everything mlir-offload registers ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "registration/Registration.h"

#include "conversion/Passes.h"
#include "dialects/OffloadDialect.h"
#include "dialects/Passes.h"
#include "pipelines/Pipelines.h"
#include "registration/TargetRegistration.h"
#include "registration/TranslateRegistration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"

using namespace mlir;
using namespace mlir::offload;

/// Every model the offload dialect promises, and the LLVM IR translations
/// that serializing a gpu.module needs: extensions of the registry, which a
/// tool fills before it makes its context, as upstream's
/// registerAllExtensions.
static void registerOffloadExtensions(DialectRegistry &registry) {
  // Also where nothing is translated: gpu-module-to-binary passes a module's
  // handler on to its gpu.binary only if the handler has its interface.
  registerOffloadToLLVMIRTranslationModels(registry);
#define OFFLOAD_TARGET(Name) register##Name##Target(registry);
#include "registration/Targets.def"
#undef OFFLOAD_TARGET
  // What every target's serializer translates a gpu.module from.
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

void mlir::offload::registerOffloadDialect(DialectRegistry &registry) {
  registry.insert<OffloadDialect>();
  registerOffloadExtensions(registry);
}

void mlir::offload::registerOffloadPassesOnce() {
  static bool registered = [] {
    registerOffloadPasses();
    registerOffloadConversionPasses();
#define OFFLOAD_TARGET(Name) register##Name##TargetPasses();
#include "registration/Targets.def"
#undef OFFLOAD_TARGET
    registerOffloadPipelines();
    return true;
  }();
  (void)registered;
}

void mlir::offload::registerAllDialectsWithOffload(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerOffloadDialect(registry);
}

void mlir::offload::registerAllPassesWithOffload() {
  static bool registered = [] {
    registerAllPasses();
    registerOffloadPassesOnce();
    return true;
  }();
  (void)registered;
}
