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
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

/// offload-opt links MLIR from its archives
/// (build_defs/static_llvm_binary.bzl), and a plugin links Debian's libMLIR.so:
/// loading one would put a second MLIR in the process, whose dialects and
/// passes this one cannot take. MLIR's driver would try, and abort or worse, so
/// the options are refused before it reads them, response files included.
static bool asksForPlugin(int argc, char **argv) {
  if (argc < 2)
    return false;
  llvm::BumpPtrAllocator allocator;
  llvm::StringSaver saver(allocator);
  llvm::SmallVector<const char *> args(argv, argv + argc);
  // A response file that cannot be read is left for the driver to report.
  (void)llvm::cl::ExpandResponseFiles(saver, llvm::cl::TokenizeGNUCommandLine,
                                      args);
  for (const char *arg : llvm::ArrayRef(args).drop_front()) {
    llvm::StringRef option(arg);
    if (option == "--")
      break;
    if (!option.consume_front("-"))
      continue;
    option.consume_front("-");
    option = option.split('=').first;
    if (option != "load-dialect-plugin" && option != "load-pass-plugin")
      continue;
    llvm::errs() << argv[0] << ": error: -" << option
                 << " is not supported: offload-opt links MLIR statically; "
                    "load plugins into mlir-opt-22 beside "
                    "liboffload_plugin.so, which brings the offload dialect "
                    "and passes\n";
    return true;
  }
  return false;
}

int main(int argc, char **argv) {
  if (asksForPlugin(argc, argv))
    return 1;
  mlir::offload::keepFreedMemory();
  mlir::offload::registerDebugOptions();
  mlir::offload::registerAllPassesWithOffload();

  mlir::DialectRegistry registry;
  mlir::offload::registerAllDialectsWithOffload(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "mlir-offload modular optimizer driver\n", registry));
}
