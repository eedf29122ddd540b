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
// Streams come from a process-wide pool, as in the GPU backends: creating
// and destroying one per launch (upstream's lowering) starts no thread after
// the first, and each thread has its own stream for null.
//
// A stream's thread that runs out of work, and a thread that synchronizes,
// spin for a short while before they sleep (SpinUntil in thread_pool.h): an
// asynchronous launch hands its work over and back without a futex call or
// a context switch when the other side is awake. A launch that its caller
// waits for at once (mgpuLaunchKernelAndSynchronize) needs no handing over
// at all when the stream is idle: it runs on the caller's thread
// (RunNowIfIdle), which would only wait otherwise. On 2 cores, the caller,
// the stream's thread and a worker took 4-6 us a round trip between them,
// two of them always on one core; the caller and a worker take 0.7 us.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_HOST_STREAM_H
#define OFFLOAD_RUNTIME_HOST_HOST_STREAM_H

#include "offload_runtime/status.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <type_traits>

namespace mgpu::host {

class HostStream {
public:
  /// Work queued on a stream: one allocation for a launch (host_launch.cc)
  /// or a copy, none more.
  class Task {
  public:
    virtual ~Task() = default;
    virtual Status Run() = 0;
  };

  /// A new stream, its thread started.
  static StatusOr<HostStream *> Create();

  /// Queues `task`, which the trace calls `what` (a string that outlives
  /// the task); `alwaysRuns` tasks run even after a failure.
  void Enqueue(const char *what, std::unique_ptr<Task> task,
               bool alwaysRuns = false);
  /// Queues `function()`, a callable that returns a Status.
  /// (A unique_ptr to a Task of any kind takes the overload above: this one
  /// would wrap it again, without end.)
  template <typename Function,
            typename = std::enable_if_t<
                !std::is_convertible_v<Function, std::unique_ptr<Task>>>>
  void Enqueue(const char *what, Function function, bool alwaysRuns = false) {
    Enqueue(
        what,
        std::unique_ptr<Task>(new FunctionTask<Function>(std::move(function))),
        alwaysRuns);
  }
  /// Runs `function()`, a callable that returns a Status, at once on the
  /// calling thread (on a worker's stack: worker_stack.h) if the stream is
  /// idle, with nothing queued or running, as the stream's thread would run
  /// it once queued: true then, and Synchronize() finds it done. False,
  /// having done nothing, when the stream is busy or the thread can have no
  /// worker's stack: then the caller queues it.
  template <typename Function>
  bool RunNowIfIdle(const char *what, Function function) {
    FunctionTask<Function> task(std::move(function));
    return RunTaskNowIfIdle(what, task);
  }
  /// Waits for everything queued so far, then reports the device's failure,
  /// if any.
  Status Synchronize();
  /// Waits for everything queued so far, leaving any failure to be reported.
  void Drain();

private:
  template <typename Function> class FunctionTask final : public Task {
  public:
    explicit FunctionTask(Function function) : function(std::move(function)) {}
    Status Run() override { return function(); }

  private:
    Function function;
  };

  struct Entry {
    const char *what;
    std::unique_ptr<Task> task;
    bool alwaysRuns;
  };

  HostStream() = default;
  void Run();
  /// The next entry, once there is one (spinning, then sleeping); `lock`
  /// holds `mutex`.
  Entry Next(std::unique_lock<std::mutex> &lock);
  /// Runs `task`, timed for the trace when tracing.
  Status RunTask(const char *what, Task &task);
  bool RunTaskNowIfIdle(const char *what, Task &task);
  /// Counts one more task finished and wakes whoever waits for it; `mutex`
  /// is held.
  void CountFinished();

  std::mutex mutex;
  /// The stream's thread sleeps on `queuedMore` for work, threads that wait
  /// for the stream on `ranMore`; each is notified only when someone sleeps
  /// on it (runnerSleeps, waiters).
  std::condition_variable queuedMore, ranMore;
  std::deque<Entry> queue;
  bool runnerSleeps = false;
  /// A thread runs a task of the stream itself (RunNowIfIdle): the stream's
  /// thread starts nothing until it is done.
  bool callerRuns = false;
  unsigned waiters = 0;
  /// Tasks queued and tasks run (or skipped), written under `mutex` and
  /// read without it by the threads that spin.
  std::atomic<uint64_t> submitted{0}, finished{0};
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
