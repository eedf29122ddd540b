//===- trace.h - Chrome trace events of the runtime's calls -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MGPU_TRACE=trace.json makes the runtime write a Chrome trace-event file
// (the JSON array format, which chrome://tracing, Perfetto and speedscope
// open): one complete event per entry point, on the calling thread's track,
// with what it was asked (kernel, grid, block, shared memory, bytes, stream);
// and, from the backends that see their streams' work, one per task a stream
// ran, on that stream's track: the device's side of the timeline. A backend
// may also label the process with its device (Backend::TraceLabel).
//
// Events are buffered and written in batches, at exit, on an error that ends
// the program, and on SIGABRT. A child that fork() makes goes untraced. With
// tracing off, each entry point pays a load and two predictable branches
// (RunEntryPoint in status.h).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TRACE_H
#define OFFLOAD_RUNTIME_TRACE_H

#include <cstdint>
#include <string>
#include <string_view>

namespace mgpu::trace {

namespace detail {
/// 0 before the first question, then 1 (off) or 2 (on).
extern int state;
bool Initialize() noexcept;
} // namespace detail

/// Whether MGPU_TRACE names a file; decided at the first call.
inline bool Enabled() noexcept {
  int state = __atomic_load_n(&detail::state, __ATOMIC_RELAXED);
  if (__builtin_expect(state == 1, 1))
    return false;
  return state == 2 || detail::Initialize();
}

/// Nanoseconds on the steady clock.
uint64_t Now() noexcept;

/// The arguments of an event, as JSON members: Args().Add("bytes", 64).
class Args {
public:
  Args &Add(std::string_view key, std::string_view value);
  Args &Add(std::string_view key, const char *value);
  Args &Add(std::string_view key, int64_t value);
  Args &Add(std::string_view key, bool value);
  Args &Add(std::string_view key, const void *pointer);
  Args &Add(std::string_view key, const int64_t (&dims)[3]);
  const std::string &Json() const { return json; }

private:
  /// `"key":`, after a comma unless it is the first member.
  void AddKey(std::string_view key);

  std::string json;
};

/// A call of `entryPoint` on the calling thread, from `start` to now;
/// `error` is empty when it succeeded. Only while tracing (Enabled()).
void RecordCall(const char *entryPoint, uint64_t start, Args args,
                std::string_view error) noexcept;

/// A task that `stream` ran from `start` to now (the host backend's device
/// time): a kernel by its name, a copy, a fill, an event. Only while
/// tracing (Enabled()).
void RecordStreamTask(const void *stream, const char *what, uint64_t start,
                      bool failed) noexcept;

/// A command that `stream` ran from `start` to `end` (steady clock
/// nanoseconds): a backend's device time, known once the command is
/// done. Only while tracing (Enabled()).
void RecordStreamSpan(const void *stream, const char *what, uint64_t start,
                      uint64_t end) noexcept;

/// Labels the process with the device it runs on ("<API> device 0 '<name>'
/// (driver ...)"); nothing when not tracing.
void NameDevice(std::string_view description) noexcept;

/// Remembers a kernel handle's name, for the launches that use it.
void NameKernel(const void *function, const char *name) noexcept;
/// The name NameKernel gave `function`, or "?".
std::string KernelName(const void *function);

/// Writes what is buffered and ends the file: the program is about to end
/// without running atexit handlers (an error under MGPU_ON_ERROR=abort).
void Finish() noexcept;

} // namespace mgpu::trace

#endif // OFFLOAD_RUNTIME_TRACE_H
