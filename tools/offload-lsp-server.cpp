//===- offload-lsp-server.cpp - mlir-lsp-server with the offload dialect --===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MLIR's language server with every upstream dialect and ours: an editor
// shows the verifiers' diagnostics for #offload.cuda, #offload.host and
// #offload.loader as it shows upstream's, with hover and go-to-definition.
//
//===----------------------------------------------------------------------===//

#include "registration/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::offload::registerAllDialectsWithOffload(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
