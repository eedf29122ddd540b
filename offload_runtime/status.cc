//===- status.cc - Errors of the mgpu runtime -----------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/status.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <optional>
#include <string>

namespace mgpu {
namespace {

enum class ErrorPolicy { kAbort, kReport };

ErrorPolicy GetErrorPolicy() {
  static const ErrorPolicy policy = [] {
    const char *value = std::getenv("MGPU_ON_ERROR");
    if (!value || !*value || !std::strcmp(value, "abort"))
      return ErrorPolicy::kAbort;
    if (!std::strcmp(value, "report"))
      return ErrorPolicy::kReport;
    std::fprintf(stderr,
                 "mgpu: MGPU_ON_ERROR='%s' is neither 'abort' nor 'report'; "
                 "using 'abort'\n",
                 value);
    return ErrorPolicy::kAbort;
  }();
  return policy;
}

struct LastError {
  int32_t result = MGPU_SUCCESS;
  std::string message;
};
thread_local LastError lastError;

struct InstalledHandler {
  MgpuErrorHandler handler = nullptr;
  void *userData = nullptr;
};

/// The embedder's handler; read on error paths only, so a lock is cheap
/// enough. Never destroyed: errors may be reported during exit.
struct HandlerSlot {
  std::mutex mutex;
  InstalledHandler installed;
};
HandlerSlot &GetHandlerSlot() {
  static HandlerSlot *slot = new HandlerSlot;
  return *slot;
}

} // namespace

Status RuntimeError(int32_t result, std::string message) {
  return Status(result, std::move(message));
}

Status StatusOfCurrentException() noexcept {
  // Status's string is moved, never copied, so building one for bad_alloc
  // from a short literal allocates nothing (the small-string buffer).
  try {
    throw;
  } catch (const std::bad_alloc &) {
    return Status(MGPU_ERROR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception &error) {
    try {
      return Status(MGPU_ERROR_UNKNOWN,
                    StrCat("internal error: exception ", error.what()));
    } catch (...) {
      return Status(MGPU_ERROR_UNKNOWN, "internal error");
    }
  } catch (...) {
    return Status(MGPU_ERROR_UNKNOWN, "internal error");
  }
}

void ReportError(const char *entryPoint, const Status &status) noexcept {
  lastError.result = status.code();
  try {
    lastError.message = status.text();
  } catch (...) {
    lastError.message.clear();
  }
  InstalledHandler installed;
  {
    HandlerSlot &slot = GetHandlerSlot();
    std::lock_guard<std::mutex> lock(slot.mutex);
    installed = slot.installed;
  }
  if (installed.handler) {
    installed.handler(entryPoint, status.code(), status.text().c_str(),
                      installed.userData);
    return;
  }
  ErrorPolicy policy = GetErrorPolicy();
  // One write, so that lines of concurrent threads do not interleave.
  std::fprintf(stderr, "mgpu: %s: %s\n", entryPoint, status.text().c_str());
  if (policy == ErrorPolicy::kAbort) {
    // Not abort(): no core dump or signal, and no destructors racing other
    // threads; only the program's buffered output is written out.
    std::fflush(nullptr);
    trace::Finish();
    std::_Exit(EXIT_FAILURE);
  }
}

void SetErrorHandler(MgpuErrorHandler handler, void *userData) {
  HandlerSlot &slot = GetHandlerSlot();
  std::lock_guard<std::mutex> lock(slot.mutex);
  slot.installed = {handler, userData};
}

int32_t TakeLastError() {
  int32_t result = lastError.result;
  lastError.result = MGPU_SUCCESS;
  return result;
}

const char *GetLastErrorMessage() { return lastError.message.c_str(); }

} // namespace mgpu
