//===- offload-translate.cpp - mlir-translate with the offload dialect ----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "registration/TranslateRegistration.h"
#include "tools/DebugOptions.h"

#include "mlir/Support/LogicalResult.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::offload::registerDebugOptions();
  mlir::offload::registerAllTranslationsWithOffload();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "mlir-offload translation driver"));
}
