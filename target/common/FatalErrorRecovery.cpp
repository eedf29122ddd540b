//===- FatalErrorRecovery.cpp - LLVM fatal errors as failures -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/FatalErrorRecovery.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace llvm;

namespace {
/// Where the fatal error of the work that this thread runs goes; null outside
/// runRecoveringFatalErrors.
thread_local std::string *recoveredMessage = nullptr;

void onFatalError(void *, const char *reason, bool) {
  CrashRecoveryContext *context = CrashRecoveryContext::GetCurrent();
  if (recoveredMessage && context) {
    *recoveredMessage = reason;
    context->HandleExit(1);
  }
  // Not ours: what report_fatal_error prints without a handler, before it
  // ends the process.
  errs() << "LLVM ERROR: " << reason << "\n";
  errs().flush();
}

void enableRecovery() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Signals outside any recovery context still reach the handlers that were
    // there before (the tool's stack dump), since the context's handler
    // gives them back and raises again.
    CrashRecoveryContext::Enable();
    install_fatal_error_handler(onFatalError);
  });
}
} // namespace

LogicalResult mlir::offload::runRecoveringFatalErrors(function_ref<void()> work,
                                                      std::string &message) {
  enableRecovery();
  std::string fatalError;
  recoveredMessage = &fatalError;
  CrashRecoveryContext context;
  bool completed = context.RunSafely(work);
  recoveredMessage = nullptr;
  if (completed)
    return success();
  if (!fatalError.empty())
    message = std::move(fatalError);
  else if (int code = context.RetCode; code > 128)
    message = (Twine("LLVM crashed (signal ") + Twine(code - 128) + ")").str();
  else
    message = "LLVM crashed";
  return failure();
}
