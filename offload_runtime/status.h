//===- status.h - Errors of the mgpu runtime --------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internally every operation returns a Status (an error code and a message) or
// a StatusOr<T>; the C entry points hand a failure to ReportError, which
// records it for mgpuGetLastError and gives it to the embedder's handler if one
// is installed (mgpuSetErrorHandler); otherwise it prints one line and follows
// the policy of $MGPU_ON_ERROR: `abort` (the default) ends the program with
// exit status 1, `report` returns.
//
// Error codes are the ABI's MGPU_ERROR_* for every backend (mgpu.h): each
// backend maps its driver's errors to them (driver_errors.h).
//
// Not absl::Status: Debian's abseil archives are not position-independent,
// so libmgpu.so would need a dozen abseil shared libraries at run time; the
// runtime depends on the C and C++ libraries only.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_STATUS_H
#define OFFLOAD_RUNTIME_STATUS_H

#include "mgpu/mgpu.h"
#include "offload_runtime/trace.h"

#include <cstddef>
#include <functional>

#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

namespace mgpu {

class [[nodiscard]] Status {
public:
  Status() = default;
  Status(int32_t code, std::string message)
      : result(code), message(std::move(message)) {}

  bool ok() const { return result == MGPU_SUCCESS; }
  /// An MGPU_ERROR_* (or any CUresult, from a CUDA driver).
  int32_t code() const { return result; }
  const std::string &text() const { return message; }

private:
  int32_t result = MGPU_SUCCESS;
  std::string message;
};

inline Status OkStatus() { return Status(); }

template <typename T> class [[nodiscard]] StatusOr {
public:
  StatusOr(T value) : storage(std::move(value)) {}
  StatusOr(Status status) : storage(std::move(status)) {}

  bool ok() const { return std::holds_alternative<T>(storage); }
  Status status() const {
    return ok() ? OkStatus() : std::get<Status>(storage);
  }
  T &operator*() { return std::get<T>(storage); }
  const T &operator*() const { return std::get<T>(storage); }
  T *operator->() { return &std::get<T>(storage); }

private:
  std::variant<T, Status> storage;
};

/// Concatenates anything that streams.
template <typename... Parts> std::string StrCat(const Parts &...parts) {
  std::ostringstream os;
  (os << ... << parts);
  return os.str();
}

/// Hashes a pair, for unordered_map keys.
struct PairHash {
  template <typename A, typename B>
  size_t operator()(const std::pair<A, B> &pair) const {
    size_t first = std::hash<A>()(pair.first);
    return first ^ (std::hash<B>()(pair.second) + 0x9e3779b97f4a7c15ull +
                    (first << 6) + (first >> 2));
  }
};

/// An error of the runtime itself, reported to mgpuGetLastError as `code`.
Status RuntimeError(int32_t code, std::string message);

/// Prints "mgpu: <entryPoint>: <message>" and applies the error policy.
/// Allocates nothing that could fail on the way.
void ReportError(const char *entryPoint, const Status &status) noexcept;

/// The calling thread's last error (mgpuGetLastError and its message).
int32_t TakeLastError();
const char *GetLastErrorMessage();

/// Makes `handler` take every later error instead of the policy; null
/// restores the policy (mgpuSetErrorHandler).
void SetErrorHandler(MgpuErrorHandler handler, void *userData);

/// The Status of the exception being handled: C callers cannot catch one, so
/// none may leave an entry point. std::bad_alloc is MGPU_ERROR_OUT_OF_MEMORY.
Status StatusOfCurrentException() noexcept;

/// Describes a call for the trace: no arguments.
struct NoTraceArgs {
  void operator()(trace::Args &) const {}
};

namespace detail {
/// The event of a call that started at `start` (tracing is on): `describe`
/// fills in its arguments. Out of line, and `describe` by value, so that the
/// untraced path neither calls nor builds anything for the trace.
template <typename Describe>
[[gnu::noinline, gnu::cold]] void TraceCall(const char *entryPoint,
                                            uint64_t start, Describe describe,
                                            const Status &status) noexcept {
  trace::Args args;
  try {
    describe(args);
  } catch (...) {
  }
  trace::RecordCall(entryPoint, start, std::move(args), status.text());
}
} // namespace detail

/// Runs `body` for the C entry point `entryPoint`: its value, or `fallback`
/// after reporting the error, whether returned or thrown. When tracing,
/// `describe(trace::Args &)` gives the call's arguments after `body` ran;
/// otherwise the trace costs a load and two branches that the predictor
/// always gets right, and `describe` nothing.
template <typename T, typename Body, typename Describe = NoTraceArgs,
          std::enable_if_t<std::is_invocable_v<Body &> &&
                               std::is_invocable_v<Describe &, trace::Args &>,
                           int> = 0>
T RunEntryPoint(const char *entryPoint, T fallback, Body &&body,
                Describe describe = {}) noexcept {
  // 0: not tracing.
  const uint64_t start =
      __builtin_expect(trace::Enabled(), 0) ? trace::Now() : 0;
  try {
    StatusOr<T> result = body();
    if (__builtin_expect(start != 0, 0))
      detail::TraceCall(entryPoint, start, describe, result.status());
    if (result.ok())
      return *result;
    ReportError(entryPoint, result.status());
  } catch (...) {
    Status status = StatusOfCurrentException();
    if (start)
      detail::TraceCall(entryPoint, start, describe, status);
    ReportError(entryPoint, status);
  }
  return fallback;
}

template <typename Body, typename Describe = NoTraceArgs,
          std::enable_if_t<std::is_invocable_v<Body &> &&
                               std::is_invocable_v<Describe &, trace::Args &>,
                           int> = 0>
void RunEntryPoint(const char *entryPoint, Body &&body,
                   Describe describe = {}) noexcept {
  // 0: not tracing.
  const uint64_t start =
      __builtin_expect(trace::Enabled(), 0) ? trace::Now() : 0;
  try {
    Status status = body();
    if (__builtin_expect(start != 0, 0))
      detail::TraceCall(entryPoint, start, describe, status);
    if (!status.ok())
      ReportError(entryPoint, status);
  } catch (...) {
    Status status = StatusOfCurrentException();
    if (start)
      detail::TraceCall(entryPoint, start, describe, status);
    ReportError(entryPoint, status);
  }
}

} // namespace mgpu

/// Returns the error from the enclosing function if `expr` (a Status) fails.
#define MGPU_RETURN_IF_ERROR(expr)                                             \
  do {                                                                         \
    if (::mgpu::Status mgpu_status_ = (expr); !mgpu_status_.ok())              \
      return mgpu_status_;                                                     \
  } while (false)

#define MGPU_CONCAT_IMPL(a, b) a##b
#define MGPU_CONCAT(a, b) MGPU_CONCAT_IMPL(a, b)

/// `lhs = *expr` for a StatusOr `expr`, or returns its error.
#define MGPU_ASSIGN_OR_RETURN(lhs, expr)                                       \
  MGPU_ASSIGN_OR_RETURN_IMPL(MGPU_CONCAT(mgpu_status_or_, __LINE__), lhs, expr)
#define MGPU_ASSIGN_OR_RETURN_IMPL(statusOr, lhs, expr)                        \
  auto statusOr = (expr);                                                      \
  if (!statusOr.ok())                                                          \
    return statusOr.status();                                                  \
  lhs = std::move(*statusOr)

#endif // OFFLOAD_RUNTIME_STATUS_H
