//===- offload-opt.cpp - mlir-opt with the offload dialect ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "registration/Registration.h"
#include "tools/DebugOptions.h"
#include "tools/FreedMemory.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::offload::keepFreedMemory();
  mlir::offload::registerDebugOptions();
  mlir::offload::registerAllPassesWithOffload();

  mlir::DialectRegistry registry;
  mlir::offload::registerAllDialectsWithOffload(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "mlir-offload modular optimizer driver\n", registry));
}
