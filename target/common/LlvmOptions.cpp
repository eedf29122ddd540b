//===- LlvmOptions.cpp - LLVM command-line options that change code -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/LlvmOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

/// The options of MLIR's drivers (mlir-opt's MlirOptMainConfig, the pass
/// manager's, the context's, the printer's, the action tracer's) and LLVM's
/// diagnostics, which never reach a backend. Anything not named here counts
/// as changing code: a wrong entry would serve a stale object, a missing one
/// only costs a compile.
static bool decidesNoCode(StringRef name) {
  static constexpr StringLiteral kDriverOptions[] = {
      // mlir-opt and mlir-translate.
      "allow-unregistered-dialect", "dump-pass-pipeline", "emit-bytecode",
      "emit-bytecode-version", "elide-resource-data-from-bytecode", "irdl-file",
      "list-passes", "load-dialect-plugin", "load-pass-plugin",
      "log-actions-to", "log-mlir-actions-filter", "no-implicit-module", "o",
      "output-split-marker", "p", "pass-pipeline", "profile-actions-to",
      "run-reproducer", "show-dialects", "split-input-file",
      "verify-diagnostics", "verify-each", "verify-roundtrip", "remarks-filter",
      "remarks-filter-passed", "remarks-filter-missed", "remarks-filter-failed",
      "remarks-filter-analyse", "remark-format", "remark-policy",
      "remarks-output-file",
      // LLVM's diagnostics and help.
      "debug", "debug-only", "debug-buffer-size", "color", "help",
      "help-hidden", "help-list", "help-list-hidden", "print-options",
      "print-all-options", "version", "stats", "stats-json", "info-output-file",
      "time-passes", "time-passes-per-run", "track-memory"};
  return name.starts_with("mlir-") || llvm::is_contained(kDriverOptions, name);
}

std::optional<std::string> mlir::offload::findCodeChangingOption() {
  // An option is registered under each of its names (an alias, a parser's
  // literals); each is looked at once.
  SmallPtrSet<cl::Option *, 32> seen;
  std::optional<std::string> found;
  for (auto &[name, option] : cl::getRegisteredOptions()) {
    if (!option->getNumOccurrences() || !seen.insert(option).second)
      continue;
    // Positional arguments (the input file) and the pass list's literals
    // (`--offload-lower-to-cuda=...`) have no name of their own.
    StringRef own = option->ArgStr;
    if (own.empty() || decidesNoCode(own))
      continue;
    // The first in name order, so that the same command line names the
    // same option every time.
    if (!found || own < *found)
      found = own.str();
  }
  return found;
}
