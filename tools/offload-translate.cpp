//===- offload-translate.cpp - mlir-translate with the offload dialect ----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "registration/TranslateRegistration.h"
#include "tools/DebugOptions.h"

#include "mlir/InitAllTranslations.h"
#include "mlir/Support/LogicalResult.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::offload::registerDebugOptions();
  // Every upstream translation, with ours in place of `--mlir-to-llvmir`.
  mlir::registerFromLLVMIRTranslation();
  mlir::registerFromSPIRVTranslation();
  mlir::registerIRDLToCppTranslation();
  mlir::registerFromWasmTranslation();
  mlir::registerToCppTranslation();
  mlir::registerToSPIRVTranslation();
  mlir::smt::registerExportSMTLIBTranslation();
  mlir::offload::registerOffloadToLLVMIRTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "mlir-offload translation driver"));
}
