//===- offload-reduce.cpp - mlir-reduce with the offload dialect ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MLIR's test-case reducer, knowing our dialect and passes: it shrinks an
// input for as long as the user's interestingness script still says that the
// input shows the problem (a crash, a wrong diagnostic, a miscompile).
//
//===----------------------------------------------------------------------===//

#include "registration/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"

int main(int argc, char **argv) {
  mlir::offload::registerAllPassesWithOffload();

  mlir::DialectRegistry registry;
  mlir::offload::registerAllDialectsWithOffload(registry);
  mlir::MLIRContext context(registry);
  // -opt-reduction-pass runs its pipeline as a dynamic one, inside a pass,
  // where the dialects that its passes declare cannot be loaded any more
  // (MLIR aborts: "storage uniquer isn't initialized"): every dialect this
  // tool knows is loaded before the reduction starts.
  context.loadAllAvailableDialects();
  return mlir::failed(mlir::mlirReduceMain(argc, argv, context));
}
