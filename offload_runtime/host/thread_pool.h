//===- thread_pool.h - Workers that run a launch's blocks -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One pool per process, a worker per core (or $MGPU_HOST_THREADS), as IREE's
// local-task executor has: a launch's blocks are handed out in ranges
// (chunks) to the workers and to the thread that submitted it, which works
// too instead of waiting idle. Several launches (from several streams) share
// the workers. A thread that waits for work, or for the rest of a launch,
// spins for a short while before it sleeps (SpinUntil).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_THREAD_POOL_H
#define OFFLOAD_RUNTIME_HOST_THREAD_POOL_H

#include "mgpu/mgpu.h"
#include "offload_runtime/status.h"

#include <sched.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

namespace mgpu::host {

/// Threads the runtime starts itself get stacks this large: a block keeps
/// its static workgroup memory (at most MGPU_HOST_MAX_STATIC_SHARED_MEMORY)
/// and per-thread arrays of its size (up to 1024 threads) on its stack. (A
/// call that runs several blocks of a row together has no workgroup memory,
/// and its compiler keeps its per-thread arrays within 4 MiB.)
constexpr size_t kWorkerStackBytes =
    2 * size_t{MGPU_HOST_MAX_STATIC_SHARED_MEMORY};

/// Starts `body` on a new detached thread with a kWorkerStackBytes stack.
Status StartThread(std::function<void()> body);

/// How many threads run a launch's blocks: $MGPU_HOST_THREADS, else one per
/// CPU the process may run on. A value that is not a whole number of 1 or
/// more is an error naming the variable; one above what the process may
/// start (RLIMIT_NPROC, the kernel's threads-max) is capped, with a warning.
/// Read once.
StatusOr<unsigned> GetHostThreadCount();

/// Moves this thread off `cpu`, if it runs there and may run elsewhere: it
/// binds itself to the other CPUs of its affinity for a moment (the kernel
/// migrates it at once), then binds itself to that affinity again (as an
/// explicit mask: CPUs that its cpuset gains later are not in it). Returns
/// the CPU it ran on while bound, or -1 where it did not move.
int MoveOffCpu(int cpu);

/// How long a thread that waits for work (a worker, a stream's thread) or
/// for work to end (a launch's submitter, a synchronization) spins before it
/// sleeps, as libomp's KMP_BLOCKTIME (200 ms there). Sleeping and being woken
/// cost a futex call on each side and a context switch, several
/// microseconds on a virtual machine: a launch's round trip paid four of
/// them. Spinning only this long means that an idle thread holds its core
/// for at most 50 us after its last work, and that a launch that comes
/// later still finds it asleep; while it spins it yields its core to any
/// other thread that is ready to run on it.
constexpr std::chrono::microseconds kSpinTime{50};

/// Tells the core that this thread is spinning (x86's pause): a sibling
/// hyperthread gets the core, and leaving the loop costs no misprediction.
inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/// Spins until `ready()`, for at most kSpinTime; returns whether it held.
/// The caller sleeps when it did not. Every few polls it yields the core
/// (sched_yield): the runtime's threads can outnumber the cores (each stream
/// has a thread, and the thread that synchronizes waits too), and the thread
/// that the spinner waits for may be the one ready to run on its core.
template <typename Ready> bool SpinUntil(Ready &&ready) {
  if (ready())
    return true;
  constexpr int kPollsPerYield = 16;
  const auto deadline = std::chrono::steady_clock::now() + kSpinTime;
  while (true) {
    for (int i = 0; i < kPollsPerYield; ++i) {
      CpuRelax();
      if (ready())
        return true;
    }
    if (std::chrono::steady_clock::now() >= deadline)
      return false;
    sched_yield();
  }
}

/// A reference to a callable that takes a range of indices, as
/// llvm::function_ref: a launch calls its body once per range through it,
/// with no allocation, and the body's own loop over the range is inlined.
class RangeBody {
public:
  template <typename Callable, typename = std::enable_if_t<!std::is_same_v<
                                   std::decay_t<Callable>, RangeBody>>>
  RangeBody(Callable &callable)
      : callable(const_cast<void *>(static_cast<const void *>(&callable))),
        callback([](void *self, uint64_t begin, uint64_t end) {
          (*static_cast<Callable *>(self))(begin, end);
        }) {}

  void operator()(uint64_t begin, uint64_t end) const {
    callback(callable, begin, end);
  }

private:
  void *callable;
  void (*callback)(void *, uint64_t, uint64_t);
};

class ThreadPool {
public:
  /// The process's pool, started at first use; GetHostThreadCount() must
  /// have succeeded.
  static ThreadPool &Get();

  /// A pool of `threads` threads in all: the submitter of each ParallelFor
  /// and `threads - 1` workers (fewer if no more can be started).
  explicit ThreadPool(unsigned threads);
  /// Waits for the workers to end; no ParallelFor may be running.
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  /// The threads that work on a launch: the workers and the submitter.
  unsigned workers() const { return workerCount; }

  /// The blocks a thread takes at a time from a launch of `count` blocks on
  /// `threads` threads.
  static uint64_t ChunkSize(uint64_t count, unsigned threads);

  /// Calls `body(begin, end)` on the workers and the calling thread for
  /// ranges that cover [0, count) once each, of ChunkSize() indices but the
  /// last, and returns once every call returned. A launch of one chunk, or
  /// on a pool without workers, is one call on the calling thread.
  template <typename Body> void ParallelFor(uint64_t count, Body &&body) {
    if (count != 0)
      Run(count, RangeBody(body));
  }

private:
  struct Job;
  void Run(uint64_t count, RangeBody body);
  /// Queues `job` and wakes as many sleeping workers as it has chunks for.
  void Publish(Job &job);
  /// Takes `job` off the queue once its chunks are done, and waits for the
  /// workers that work on it to leave it: it lives on Run()'s stack.
  void Retire(Job &job);
  void WorkerLoop();
  /// The oldest job with chunks left; sleeps (after spinning) until there
  /// is one. Null once the pool stops. `lock` holds `mutex`.
  Job *NextJob(std::unique_lock<std::mutex> &lock);
  /// Runs chunks of `job` until none is left, as its submitter or as a
  /// worker.
  static void Work(Job &job, bool submits);

  /// The threads that work: the workers started, and the submitter.
  unsigned workerCount = 1;
  std::mutex mutex;
  /// Workers sleep on `wake`; Retire() waits on `left` for the workers of
  /// its job to leave it; the destructor on `stopped`.
  std::condition_variable wake, left, stopped;
  /// The jobs that may have chunks left, oldest first.
  std::vector<Job *> jobs;
  /// jobs.size(), for the workers that spin without `mutex`.
  std::atomic<size_t> queued{0};
  std::atomic<bool> stopping{false};
  unsigned sleepers = 0, running = 0;
};

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_THREAD_POOL_H
