//===- host_stream.h - In-order queues of host work -------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A stream is an in-order queue run by its own thread, asynchronously from
// the threads that submit to it: a launch, copy or fill returns at once and
// runs after everything queued before it. A task that fails (a kernel's
// assertion) fails the device (device_failure.h): every stream skips its
// later work, and Synchronize() reports the failure; event recordings and
// waits still complete, so that nothing waits forever.
//
// Streams come from a process-wide pool, as in the CUDA backend: creating
// and destroying one per launch (upstream's lowering) starts no thread after
// the first, and each thread has its own stream for null.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_HOST_STREAM_H
#define OFFLOAD_RUNTIME_HOST_HOST_STREAM_H

#include "offload_runtime/status.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>

namespace mgpu::host {

class HostStream {
public:
  using Task = std::function<Status()>;

  /// A new stream, its thread started.
  static StatusOr<HostStream *> Create();

  /// Queues `task`, which the trace calls `what` (a string that outlives
  /// the task); `alwaysRuns` tasks run even after a failure.
  void Enqueue(const char *what, Task task, bool alwaysRuns = false);
  /// Waits for everything queued so far, then reports the device's failure,
  /// if any.
  Status Synchronize();
  /// Waits for everything queued so far, leaving any failure to be reported.
  void Drain();

private:
  struct Entry {
    const char *what;
    Task task;
    bool alwaysRuns;
  };

  HostStream() = default;
  void Run();
  /// Runs `entry`'s task, timed for the trace when tracing.
  Status RunTask(Entry &entry);
  /// Waits, with `lock` held, until the work queued so far is done.
  void WaitLocked(std::unique_lock<std::mutex> &lock);

  std::mutex mutex;
  std::condition_variable changed;
  std::deque<Entry> queue;
  uint64_t submitted = 0, finished = 0;
};

/// A stream from the pool, or a new one with its thread started.
StatusOr<HostStream *> AcquireStream();
/// Gives `stream` back to the pool; its queued work still runs. Twice is an
/// error, as is a stream the pool never handed out.
Status ReleaseStream(HostStream *stream);
/// The calling thread's own stream, for a null stream.
StatusOr<HostStream *> GetThreadStream();
/// `stream`, or the calling thread's own when null.
StatusOr<HostStream *> ResolveStream(HostStream *stream);
/// Waits for the work queued on every stream so far, as cuMemFree does.
void SynchronizeAllStreams();

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_HOST_STREAM_H
