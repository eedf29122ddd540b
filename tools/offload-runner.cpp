//===- offload-runner.cpp - mlir-runner with the offload dialect ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MLIR's JIT runner, able to translate #offload.loader's binaries: a program
// lowered by our pipelines runs as MLIR's own GPU integration tests do,
//   offload-opt prog.mlir --offload-lower-to-host |
//     offload-runner --entry-point-result=void
//       --shared-libs=libmgpu.so,libmlir_runner_utils.so
// with the objects loaded by the global constructors of the JIT'd module.
//
//===----------------------------------------------------------------------===//

#include "registration/TranslateRegistration.h"
#include "tools/DebugOptions.h"

#include "mlir/ExecutionEngine/JitRunner.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/TargetSelect.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::InitializeNativeTargetAsmParser();
  mlir::offload::registerDebugOptions();

  mlir::DialectRegistry registry;
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::offload::registerOffloadToLLVMIRTranslationModels(registry);
  return mlir::JitRunnerMain(argc, argv, registry);
}
