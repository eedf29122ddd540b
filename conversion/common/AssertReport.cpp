//===- AssertReport.cpp - What a failed cf.assert prints ------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/common/AssertReport.h"

#include "mlir/IR/Location.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

/// `text` as a printf format that prints it as it is.
static std::string escapeFormat(StringRef text) {
  std::string escaped;
  for (char c : text) {
    escaped += c;
    if (c == '%')
      escaped += '%';
  }
  return escaped;
}

std::string mlir::offload::getAssertReportFormat(cf::AssertOp op) {
  StringRef file = "(unknown)", function = "(unknown)";
  unsigned line = 0;
  Location loc = op.getLoc();
  while (auto callSite = dyn_cast<CallSiteLoc>(loc))
    loc = callSite.getCallee();
  if (auto name = dyn_cast<NameLoc>(loc)) {
    function = name.getName().strref();
    loc = name.getChildLoc();
  }
  if (auto fileLine = dyn_cast<FileLineColRange>(loc)) {
    file = fileLine.getFilename().strref();
    line = fileLine.getStartLine();
  }
  std::string format;
  llvm::raw_string_ostream os(format);
  os << escapeFormat(file) << ":" << line << ": " << escapeFormat(function)
     << ": block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `"
     << escapeFormat(op.getMsg()) << "` failed.\n";
  return format;
}
