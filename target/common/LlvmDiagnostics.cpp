//===- LlvmDiagnostics.cpp - What LLVM reports to its context -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/LlvmDiagnostics.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/raw_ostream.h"

#include <utility>

using namespace llvm;

namespace mlir::offload {

void LlvmDiagnostics::install(LLVMContext &context) {
  context.setDiagnosticHandlerCallBack(&LlvmDiagnostics::handle, this);
}

void LlvmDiagnostics::handle(const DiagnosticInfo *info, void *self) {
  auto *diagnostics = static_cast<LlvmDiagnostics *>(self);
  std::string *text = nullptr;
  if (info->getSeverity() == DS_Error)
    text = &diagnostics->errors;
  else if (info->getSeverity() == DS_Warning)
    text = &diagnostics->warnings;
  if (!text)
    return;
  if (!text->empty())
    *text += "\n";
  std::string message;
  raw_string_ostream os(message);
  DiagnosticPrinterRawOStream printer(os);
  info->print(printer);
  // What the backend reports of a function has no source location to give.
  StringRef shown = message;
  shown.consume_front("<unknown>:0:0: ");
  *text += shown;
}

std::string LlvmDiagnostics::takeErrors() { return std::exchange(errors, {}); }

std::string LlvmDiagnostics::takeWarnings() {
  return std::exchange(warnings, {});
}

} // namespace mlir::offload
