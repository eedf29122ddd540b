//===- thread_pool.h - Workers that run a launch's blocks -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One pool per process, a worker per core (or $MGPU_HOST_THREADS), as IREE's
// local-task executor has: a launch's blocks are handed out in chunks to the
// workers and to the thread that submitted it, which works too instead of
// waiting idle. Several launches (from several streams) share the workers.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_THREAD_POOL_H
#define OFFLOAD_RUNTIME_HOST_THREAD_POOL_H

#include "offload_runtime/status.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>

namespace mgpu::host {

/// Threads the runtime starts itself get stacks this large: a block keeps
/// per-thread arrays of its size (up to 1024 threads) on its stack.
constexpr size_t kWorkerStackBytes = 32 << 20;

/// Starts `body` on a new detached thread with a kWorkerStackBytes stack.
Status StartThread(std::function<void()> body);

/// How many threads run a launch's blocks: $MGPU_HOST_THREADS, else one per
/// CPU the process may run on. A value that is not a whole number of 1 or
/// more is an error naming the variable; one above what the process may
/// start (RLIMIT_NPROC, the kernel's threads-max) is capped, with a warning.
/// Read once.
StatusOr<unsigned> GetHostThreadCount();

class ThreadPool {
public:
  /// The process's pool, started at first use; GetHostThreadCount() must
  /// have succeeded.
  static ThreadPool &Get();

  unsigned workers() const { return workerCount; }

  /// Runs `body(i)` for every i in [0, count) on the workers and the calling
  /// thread, and returns once every call returned.
  void ParallelFor(uint64_t count, const std::function<void(uint64_t)> &body);

private:
  struct Job;
  explicit ThreadPool(unsigned threads);
  void WorkerLoop();
  /// Runs chunks of `job` until none is left.
  static void Work(Job &job);

  /// The threads that work: the workers started, and the submitter.
  unsigned workerCount = 1;
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::shared_ptr<Job>> jobs;
};

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_THREAD_POOL_H
