//===- TranslateRegistration.cpp - --mlir-to-llvmir with offload ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "registration/TranslateRegistration.h"

#include "dialects/OffloadDialect.h"
#include "registration/TargetRegistration.h"
#include "translation/LoaderTranslation.h"
#include "translation/VerifiedTranslation.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/InitAllTranslations.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace mlir;

void mlir::offload::registerOffloadToLLVMIRTranslation() {
  TranslateFromMLIRRegistration registration(
      "mlir-to-llvmir", "Translate MLIR to LLVM IR",
      [](Operation *op, raw_ostream &output) {
        llvm::LLVMContext llvmContext;
        std::unique_ptr<llvm::Module> llvmModule =
            translateToVerifiedLLVMIR(op, llvmContext);
        if (!llvmModule)
          return failure();
        llvmModule->removeDebugIntrinsicDeclarations();
        llvmModule->print(output, nullptr);
        return success();
      },
      [](DialectRegistry &registry) {
        registry.insert<DLTIDialect, func::FuncDialect>();
        registerAllToLLVMIRTranslations(registry);
        registerOffloadToLLVMIRTranslationModels(registry);
      });
}

void mlir::offload::registerOffloadToLLVMIRTranslationModels(
    DialectRegistry &registry) {
  registry.insert<OffloadDialect>();
  registerLoaderTranslationInterfaceExternalModels(registry);
#define OFFLOAD_TARGET(Name) register##Name##Translation(registry);
#include "registration/Targets.def"
#undef OFFLOAD_TARGET
}

void mlir::offload::registerAllTranslationsWithOffload() {
  registerFromLLVMIRTranslation();
  registerFromSPIRVTranslation();
  registerIRDLToCppTranslation();
  registerFromWasmTranslation();
  registerToCppTranslation();
  registerToSPIRVTranslation();
  smt::registerExportSMTLIBTranslation();
  registerOffloadToLLVMIRTranslation();
}
