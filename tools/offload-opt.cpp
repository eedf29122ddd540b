//===- offload-opt.cpp - mlir-opt with the offload dialect ----------------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "registration/Registration.h"
#include "tools/DebugOptions.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::offload::registerDebugOptions();
  mlir::registerAllPasses();
  mlir::offload::registerOffloadPassesOnce();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::offload::registerOffloadDialect(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "mlir-offload modular optimizer driver\n", registry));
}
