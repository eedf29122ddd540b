//===- offload-plugin.cpp - The offload dialect for stock mlir-opt --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `mlir-opt-22 --load-dialect-plugin=liboffload_plugin.so
//  --load-pass-plugin=liboffload_plugin.so` gets #offload.cuda and our passes.
//
//===----------------------------------------------------------------------===//

#include "registration/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "offload", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            mlir::offload::registerOffloadDialect(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "offload", LLVM_VERSION_STRING,
          [] { mlir::offload::registerOffloadPassesOnce(); }};
}
