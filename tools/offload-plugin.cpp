//===- offload-plugin.cpp - The offload dialect for stock mlir-opt --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `mlir-opt-22 --load-dialect-plugin=liboffload_plugin.so` gets the offload
// dialect with its targets, our passes and the pipelines;
// `--load-pass-plugin=liboffload_plugin.so` the passes and pipelines alone.
//
//===----------------------------------------------------------------------===//

#include "registration/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

static void registerWithRegistry(mlir::DialectRegistry *registry) {
  mlir::offload::registerOffloadDialect(*registry);
  // Passes are registered globally, not in the registry. mlir-opt loads
  // dialect plugins as it reads its options and parses --pass-pipeline
  // after them, so the passes are there in time.
  mlir::offload::registerOffloadPassesOnce();
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "offload", LLVM_VERSION_STRING,
          registerWithRegistry};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  // MLIR gives a pass plugin no DialectRegistry: alone, it brings the
  // passes and pipelines, and the dialect plugin the targets they compile.
  return {MLIR_PLUGIN_API_VERSION, "offload", LLVM_VERSION_STRING,
          [] { mlir::offload::registerOffloadPassesOnce(); }};
}
