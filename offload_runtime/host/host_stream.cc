//===- host_stream.cc - In-order queues of host work ----------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/host_stream.h"

#include "offload_runtime/backend.h"
#include "offload_runtime/host/device_failure.h"
#include "offload_runtime/host/thread_pool.h"
#include "offload_runtime/host/worker_stack.h"
#include "offload_runtime/stream_pool.h"
#include "offload_runtime/trace.h"

#include <unordered_map>

#include <vector>

namespace mgpu::host {

StatusOr<HostStream *> HostStream::Create() {
  auto *stream = new HostStream;
  Status started = StartThread([stream] { stream->Run(); });
  if (!started.ok()) {
    delete stream;
    return started;
  }
  return stream;
}

void HostStream::Enqueue(const char *what, std::unique_ptr<Task> task,
                         bool alwaysRuns) {
  std::lock_guard<std::mutex> lock(mutex);
  queue.push_back({what, std::move(task), alwaysRuns});
  submitted.store(submitted.load(std::memory_order_relaxed) + 1,
                  std::memory_order_release);
  // A thread that spins sees the count change without a futex call.
  if (runnerSleeps)
    queuedMore.notify_one();
}

void HostStream::Drain() {
  // The tasks queued before this call (by this thread, or by others that
  // it synchronized with).
  const uint64_t target = submitted.load(std::memory_order_acquire);
  auto done = [&] {
    return finished.load(std::memory_order_acquire) >= target;
  };
  if (SpinUntil(done))
    return;
  std::unique_lock<std::mutex> lock(mutex);
  ++waiters;
  ranMore.wait(lock, done);
  --waiters;
}

Status HostStream::Synchronize() {
  Drain();
  return GetDeviceFailure();
}

Status HostStream::RunTask(const char *what, Task &task) {
  if (__builtin_expect(!trace::Enabled(), 1))
    return task.Run();
  uint64_t start = trace::Now();
  Status status = task.Run();
  trace::RecordStreamTask(this, what, start, !status.ok());
  return status;
}

bool HostStream::RunTaskNowIfIdle(const char *what, Task &task) {
  // Before the stream is claimed: a claim cannot be taken back once other
  // threads may have counted on it (Drain's target).
  if (!HaveWorkerStack())
    return false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    // Exact under the mutex: each task counts as submitted from its queueing
    // to the end of its run.
    if (submitted.load(std::memory_order_relaxed) !=
        finished.load(std::memory_order_relaxed))
      return false;
    callerRuns = true;
    submitted.store(submitted.load(std::memory_order_relaxed) + 1,
                    std::memory_order_release);
  }
  Status status = OkStatus();
  if (!DeviceFailed()) {
    auto run = [&]() noexcept {
      try {
        status = RunTask(what, task);
      } catch (...) {
        status = StatusOfCurrentException();
      }
    };
    RunOnWorkerStack(run);
  }
  if (!status.ok())
    FailDevice(std::move(status));
  std::lock_guard<std::mutex> lock(mutex);
  callerRuns = false;
  CountFinished();
  // What other threads queued meanwhile.
  if (runnerSleeps && !queue.empty())
    queuedMore.notify_one();
  return true;
}

HostStream::Entry HostStream::Next(std::unique_lock<std::mutex> &lock) {
  auto ready = [&] { return !queue.empty() && !callerRuns; };
  if (!ready()) {
    // More were queued, or a caller runs one, once `submitted` moves past
    // `finished`. While a caller runs its launches, this thread sleeps: it
    // would only take a core from the launch's workers.
    lock.unlock();
    SpinUntil([&] {
      return submitted.load(std::memory_order_relaxed) !=
             finished.load(std::memory_order_relaxed);
    });
    lock.lock();
    runnerSleeps = true;
    queuedMore.wait(lock, ready);
    runnerSleeps = false;
  }
  Entry entry = std::move(queue.front());
  queue.pop_front();
  return entry;
}

void HostStream::Run() {
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    Entry entry = Next(lock);
    bool skip = !entry.alwaysRuns && DeviceFailed();
    lock.unlock();
    Status status = skip ? OkStatus() : RunTask(entry.what, *entry.task);
    if (!status.ok())
      FailDevice(std::move(status));
    // The task ends before anyone learns that it ran.
    entry.task.reset();
    lock.lock();
    CountFinished();
  }
}

void HostStream::CountFinished() {
  finished.store(finished.load(std::memory_order_relaxed) + 1,
                 std::memory_order_release);
  if (waiters)
    ranMore.notify_all();
}

namespace {

StreamPool<HostStream> &GetPool() {
  // Never destroyed: streams run (and threads give theirs back) during exit.
  static auto *pool = new StreamPool<HostStream>;
  return *pool;
}

} // namespace

StatusOr<HostStream *> AcquireStream() {
  return GetPool().Acquire(&HostStream::Create);
}

Status ReleaseStream(HostStream *stream) { return GetPool().Release(stream); }

StatusOr<HostStream *> GetThreadStream() {
  return mgpu::GetThreadStream(&AcquireStream, &ReleaseStream);
}

StatusOr<HostStream *> ResolveStream(HostStream *stream) {
  if (!stream)
    return GetThreadStream();
  MGPU_RETURN_IF_ERROR(GetPool().Check(stream));
  return stream;
}

void SynchronizeAllStreams() {
  for (HostStream *stream : GetPool().All())
    stream->Drain();
}

} // namespace mgpu::host
