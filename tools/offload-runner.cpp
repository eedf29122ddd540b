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
// with the objects loaded by the global constructors of the JIT'd module.
// libmgpu.so and MLIR's runner utilities load without --shared-libs
// (RunnerLibraries.h says from where), and a --shared-libs entry that does
// not load is an error.
//
//===----------------------------------------------------------------------===//

#include "registration/TranslateRegistration.h"
#include "tools/DebugOptions.h"
#include "tools/RunnerLibraries.h"
#include "tools/llvm_library_dir.h"

#include "mlir/ExecutionEngine/JitRunner.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/TargetSelect.h"

#include <string>

/// Printed after the options by --help, which names the tool as it was
/// started; JitRunnerMain's overview is upstream's.
static llvm::cl::extrahelp runnerHelp(
    "\noffload-runner: MLIR's JIT runner, with #offload.loader's\n"
    "translation, for programs lowered by mlir-offload's pipelines.\n"
    "It loads libmgpu.so, libmlir_runner_utils.so and\n"
    "libmlir_c_runner_utils.so, each from the first of its own directory,\n"
    "<its directory>/../lib and " OFFLOAD_LLVM_LIBRARY_DIR " that has it,\n"
    "unless a --shared-libs entry has that file name. A --shared-libs\n"
    "entry that does not load is an error. Without an -O level, it runs\n"
    "LLVM's -O2 passes (which lower the async runtime's coroutines).\n");

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::InitializeNativeTargetAsmParser();
  mlir::offload::registerDebugOptions();

  mlir::DialectRegistry registry;
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::offload::registerOffloadToLLVMIRTranslationModels(registry);
  // Where the runner really is, links resolved, as $ORIGIN is.
  std::string executable = llvm::sys::fs::getMainExecutable(
      argv[0], reinterpret_cast<void *>(&runnerHelp));
  auto completeLibraries = [&](mlir::Operation *, mlir::JitRunnerOptions &) {
    return mlir::offload::completeRunnerLibraries("offload-runner", executable);
  };
  mlir::JitRunnerConfig config;
  config.mlirTransformer = completeLibraries;
  // Without an -O level, upstream's runner runs no LLVM pass, and the
  // coroutines of MLIR's async runtime (llvm.coro.*) reach the code
  // generator, which stops with "LLVM ERROR". -O2 keeps the code generator's
  // level what it is by default, and lowers them.
  llvm::SmallVector<char *> args(argv, argv + argc);
  bool hasOptLevel = llvm::any_of(args, [](llvm::StringRef arg) {
    return arg == "-O0" || arg == "-O1" || arg == "-O2" || arg == "-O3" ||
           arg == "--O0" || arg == "--O1" || arg == "--O2" || arg == "--O3";
  });
  // First, before any `--` that ends the options.
  static char defaultOptLevel[] = "-O2";
  if (!hasOptLevel)
    args.insert(args.begin() + 1, defaultOptLevel);
  return mlir::JitRunnerMain(static_cast<int>(args.size()), args.data(),
                             registry, config);
}
