//===- thread_pool.cc - Workers that run a launch's blocks ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/thread_pool.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>

namespace mgpu::host {

struct ThreadPool::Job {
  uint64_t count;
  uint64_t chunk;
  const std::function<void(uint64_t)> *body;
  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> finished{0};
  std::mutex mutex;
  std::condition_variable done;
};

namespace {

/// The CPUs this process may run on.
unsigned CountCpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

/// The most threads this process may have: RLIMIT_NPROC and threads-max.
uint64_t ThreadLimit() {
  uint64_t limit = UINT32_MAX;
  struct rlimit processes;
  if (getrlimit(RLIMIT_NPROC, &processes) == 0 &&
      processes.rlim_cur != RLIM_INFINITY)
    limit = std::min<uint64_t>(limit, processes.rlim_cur);
  if (FILE *file = std::fopen("/proc/sys/kernel/threads-max", "r")) {
    unsigned long long max = 0;
    if (std::fscanf(file, "%llu", &max) == 1 && max > 0)
      limit = std::min<uint64_t>(limit, max);
    std::fclose(file);
  }
  return std::max<uint64_t>(limit, 1);
}

StatusOr<unsigned> CountHostThreads() {
  const char *value = std::getenv("MGPU_HOST_THREADS");
  if (!value || !*value)
    return CountCpus();
  std::string_view text(value);
  bool digits = text.find_first_not_of("0123456789") == std::string_view::npos;
  // Past 2^64 is past any limit: it saturates.
  uint64_t requested = 0;
  for (char c : text)
    requested = requested > (UINT64_MAX - 9) / 10 ? UINT64_MAX
                                                  : requested * 10 + (c - '0');
  if (!digits || requested == 0)
    return RuntimeError(
        CUDA_ERROR_INVALID_VALUE,
        StrCat("MGPU_HOST_THREADS='", value,
               "' is not a number of threads (a whole number, 1 or more); "
               "unset it for one thread per CPU (",
               CountCpus(), " here)"));
  // Each worker is a thread with its own stack: tens of thousands of them
  // would take the machine's memory before any block ran.
  constexpr uint64_t kMaxHostThreads = 4096;
  uint64_t limit = ThreadLimit();
  if (requested > limit && limit <= kMaxHostThreads) {
    std::fprintf(stderr,
                 "mgpu: MGPU_HOST_THREADS=%s is more threads than this process "
                 "may start; using %llu\n",
                 value, static_cast<unsigned long long>(limit));
    requested = limit;
  } else if (requested > kMaxHostThreads) {
    std::fprintf(stderr,
                 "mgpu: MGPU_HOST_THREADS=%s is more than the %llu threads the "
                 "host backend runs blocks on at most; using %llu\n",
                 value, static_cast<unsigned long long>(kMaxHostThreads),
                 static_cast<unsigned long long>(kMaxHostThreads));
    requested = kMaxHostThreads;
  }
  return static_cast<unsigned>(requested);
}

void *RunStartedThread(void *arg) {
  std::unique_ptr<std::function<void()>> body(
      static_cast<std::function<void()> *>(arg));
  (*body)();
  return nullptr;
}

} // namespace

Status StartThread(std::function<void()> body) {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, kWorkerStackBytes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  auto *arg = new std::function<void()>(std::move(body));
  pthread_t thread;
  int error = pthread_create(&thread, &attributes, RunStartedThread, arg);
  pthread_attr_destroy(&attributes);
  if (error != 0) {
    delete arg;
    return RuntimeError(CUDA_ERROR_OUT_OF_MEMORY,
                        StrCat("cannot start a thread: ", strerror(error)));
  }
  return OkStatus();
}

StatusOr<unsigned> GetHostThreadCount() {
  static const StatusOr<unsigned> count = CountHostThreads();
  return count;
}

ThreadPool &ThreadPool::Get() {
  // Never destroyed: workers sleep through exit.
  static ThreadPool *pool = new ThreadPool(*GetHostThreadCount());
  return *pool;
}

ThreadPool::ThreadPool(unsigned threads) {
  // The submitting thread works too: one worker fewer keeps one per core.
  // Fewer workers than asked (no thread to be had) only means fewer: the
  // submitter still finishes every job.
  for (unsigned i = 1; i < threads; ++i) {
    if (!StartThread([this] { WorkerLoop(); }).ok()) {
      std::fprintf(stderr,
                   "mgpu: the host backend could start %u of the %u threads "
                   "it was to run blocks on\n",
                   workerCount, threads);
      break;
    }
    ++workerCount;
  }
}

void ThreadPool::Work(Job &job) {
  while (true) {
    uint64_t begin = job.next.fetch_add(job.chunk, std::memory_order_relaxed);
    if (begin >= job.count)
      return;
    uint64_t end = std::min(job.count, begin + job.chunk);
    for (uint64_t i = begin; i < end; ++i)
      (*job.body)(i);
    if (job.finished.fetch_add(end - begin, std::memory_order_acq_rel) +
            (end - begin) ==
        job.count) {
      std::lock_guard<std::mutex> lock(job.mutex);
      job.done.notify_all();
    }
  }
}

void ThreadPool::WorkerLoop() {
  while (true) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock<std::mutex> lock(mutex);
      wake.wait(lock, [&] { return !jobs.empty(); });
      job = jobs.front();
      // A job whose chunks are all handed out leaves the queue.
      if (job->next.load(std::memory_order_relaxed) >= job->count) {
        jobs.pop_front();
        continue;
      }
    }
    Work(*job);
  }
}

void ThreadPool::ParallelFor(uint64_t count,
                             const std::function<void(uint64_t)> &body) {
  if (count == 0)
    return;
  auto job = std::make_shared<Job>();
  job->count = count;
  job->body = &body;
  // Enough chunks for the workers to balance uneven blocks, few enough that
  // handing them out costs nothing.
  job->chunk = std::max<uint64_t>(1, count / (uint64_t(workerCount) * 16));
  if (count > job->chunk) {
    std::lock_guard<std::mutex> lock(mutex);
    jobs.push_back(job);
    wake.notify_all();
  }
  Work(*job);
  std::unique_lock<std::mutex> lock(job->mutex);
  job->done.wait(lock, [&] {
    return job->finished.load(std::memory_order_acquire) == count;
  });
}

} // namespace mgpu::host
