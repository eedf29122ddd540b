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
#include <cfenv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>

namespace mgpu::host {

struct ThreadPool::Job {
  Job(uint64_t count, uint64_t chunk, RangeBody body)
      : count(count), chunk(chunk), body(body) {}

  bool HandedOut() const {
    return next.load(std::memory_order_relaxed) >= count;
  }

  const uint64_t count, chunk;
  const RangeBody body;
  /// The first index not yet handed out: one counter that every thread
  /// takes its chunks from (see Work() for why not a queue per worker).
  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> finished{0};
  /// The workers inside Work(*this): changed under the pool's mutex, read
  /// without it by a submitter that spins.
  std::atomic<unsigned> helpers{0};
  /// The CPU that the submitter took its last chunk on (-1: unknown).
  std::atomic<int> submitterCpu{sched_getcpu()};
  /// For the submitter that sleeps until `finished` is `count`.
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
        MGPU_ERROR_INVALID_VALUE,
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
  // A new thread inherits its creator's floating-point environment: blocks
  // run in the default one (round to nearest, no flush to zero) wherever
  // the launch that started the pool came from.
  std::fesetenv(FE_DFL_ENV);
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
    return RuntimeError(MGPU_ERROR_OUT_OF_MEMORY,
                        StrCat("cannot start a thread: ", strerror(error)));
  }
  return OkStatus();
}

int MoveOffCpu(int cpu) {
  cpu_set_t allowed;
  if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getcpu() != cpu ||
      sched_getaffinity(0, sizeof(allowed), &allowed) != 0 ||
      !CPU_ISSET(cpu, &allowed) || CPU_COUNT(&allowed) < 2)
    return -1;
  cpu_set_t others = allowed;
  CPU_CLR(cpu, &others);
  if (sched_setaffinity(0, sizeof(others), &others) != 0)
    return -1;
  const int now = sched_getcpu();
  // Where it runs now is in `allowed` too: unbinding does not move it back.
  // Should unbinding fail, a second try; then the thread stays bound to the
  // other CPUs, where it still runs.
  if (sched_setaffinity(0, sizeof(allowed), &allowed) != 0)
    sched_setaffinity(0, sizeof(allowed), &allowed);
  return now;
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
    {
      std::lock_guard<std::mutex> lock(mutex);
      ++running;
    }
    if (!StartThread([this] { WorkerLoop(); }).ok()) {
      std::lock_guard<std::mutex> lock(mutex);
      --running;
      std::fprintf(stderr,
                   "mgpu: the host backend could start %u of the %u threads "
                   "it was to run blocks on\n",
                   workerCount, threads);
      break;
    }
    ++workerCount;
  }
}

ThreadPool::~ThreadPool() {
  std::unique_lock<std::mutex> lock(mutex);
  stopping.store(true, std::memory_order_relaxed);
  wake.notify_all();
  stopped.wait(lock, [&] { return running == 0; });
}

uint64_t ThreadPool::ChunkSize(uint64_t count, unsigned threads) {
  // Enough chunks for the threads to balance uneven blocks (and a thread
  // that starts late: a worker that was asleep, or busy with another
  // launch), few enough that taking them costs nothing next to the blocks
  // (4 and 64 per thread measured within 3% of 16 on the same kernels).
  constexpr uint64_t kChunksPerThread = 16;
  uint64_t chunks = uint64_t(std::max(threads, 1u)) * kChunksPerThread;
  return std::max<uint64_t>(1, count / chunks + (count % chunks != 0));
}

void ThreadPool::Work(Job &job, bool submits) {
  // One shared counter rather than a range per thread with stealing: a
  // launch has at most 16 chunks per thread, so the counter's cache line
  // moves between cores a few dozen times a launch, nothing next to its
  // blocks, and each chunk is a contiguous range of blocks, as a thread's
  // own range would be. Measured (2 cores, SCHED_FIFO, medians of 10 runs):
  // ranges per thread, stolen from by halves, took within 5% of the
  // counter's time either way (vector add 2^24 -4%, block reduction +2%,
  // Jacobi 2048^2 0%, vector adds from 2 and 4 streams at once -1% and
  // +5%): no gain for their cost.
  bool triedToMove = false;
  while (true) {
    uint64_t begin = job.next.fetch_add(job.chunk, std::memory_order_relaxed);
    if (begin >= job.count)
      return;
    // A worker on its submitter's CPU runs the job no faster than the
    // submitter alone: the two take turns. Linux's scheduler sometimes puts
    // them there and, as both keep running, left them there for 100 ms and
    // more on a 2-core machine, the other core running neither: a
    // histogram's launches took twice as long in about half the runs. So
    // the worker moves itself, trying once a job at most.
    int cpu = sched_getcpu();
    if (submits) {
      if (cpu != job.submitterCpu.load(std::memory_order_relaxed))
        job.submitterCpu.store(cpu, std::memory_order_relaxed);
    } else if (!triedToMove && cpu >= 0 &&
               cpu == job.submitterCpu.load(std::memory_order_relaxed)) {
      triedToMove = true;
      MoveOffCpu(cpu);
    }
    uint64_t end = std::min(job.count, begin + job.chunk);
    job.body(begin, end);
    if (job.finished.fetch_add(end - begin, std::memory_order_acq_rel) +
            (end - begin) ==
        job.count) {
      std::lock_guard<std::mutex> lock(job.mutex);
      job.done.notify_one();
    }
  }
}

ThreadPool::Job *ThreadPool::NextJob(std::unique_lock<std::mutex> &lock) {
  while (true) {
    // A job whose chunks are all handed out leaves the queue; its
    // submitter waits for the chunks still running.
    auto first = std::find_if(jobs.begin(), jobs.end(),
                              [](Job *job) { return !job->HandedOut(); });
    jobs.erase(jobs.begin(), first);
    queued.store(jobs.size(), std::memory_order_relaxed);
    if (!jobs.empty())
      return jobs.front();
    if (stopping.load(std::memory_order_relaxed))
      return nullptr;
    lock.unlock();
    bool ready = SpinUntil([&] {
      return queued.load(std::memory_order_relaxed) != 0 ||
             stopping.load(std::memory_order_relaxed);
    });
    lock.lock();
    if (!ready && jobs.empty() && !stopping.load(std::memory_order_relaxed)) {
      ++sleepers;
      wake.wait(lock);
      --sleepers;
    }
  }
}

void ThreadPool::WorkerLoop() {
  std::unique_lock<std::mutex> lock(mutex);
  while (Job *job = NextJob(lock)) {
    job->helpers.fetch_add(1, std::memory_order_relaxed);
    lock.unlock();
    Work(*job, /*submits=*/false);
    lock.lock();
    // The job's submitter may return (and the job end) once this is 0.
    if (job->helpers.fetch_sub(1, std::memory_order_release) == 1)
      left.notify_all();
  }
  if (--running == 0)
    stopped.notify_all();
}

void ThreadPool::Publish(Job &job) {
  std::lock_guard<std::mutex> lock(mutex);
  jobs.push_back(&job);
  queued.store(jobs.size(), std::memory_order_relaxed);
  // Workers that spin see the job without being woken; the submitter takes
  // a chunk itself, so at most one worker per other chunk is worth waking.
  uint64_t others = (job.count - 1) / job.chunk;
  for (uint64_t i = 0; i < std::min<uint64_t>(sleepers, others); ++i)
    wake.notify_one();
}

void ThreadPool::Retire(Job &job) {
  std::unique_lock<std::mutex> lock(mutex);
  auto it = std::find(jobs.begin(), jobs.end(), &job);
  if (it != jobs.end())
    jobs.erase(it);
  queued.store(jobs.size(), std::memory_order_relaxed);
  // A worker that took the job has at most a failed fetch_add left: no
  // worker can join it now, and those in it leave at once.
  auto gone = [&] { return job.helpers.load(std::memory_order_acquire) == 0; };
  if (gone())
    return;
  // A helper touches nothing of the job after its decrement.
  lock.unlock();
  if (SpinUntil(gone))
    return;
  lock.lock();
  left.wait(lock, gone);
}

void ThreadPool::Run(uint64_t count, RangeBody body) {
  uint64_t chunk = ChunkSize(count, workerCount);
  if (count <= chunk || workerCount == 1) {
    // Nothing to share: no worker is woken, and the body prepares its
    // blocks once.
    body(0, count);
    return;
  }
  Job job(count, chunk, body);
  Publish(job);
  Work(job, /*submits=*/true);
  auto finished = [&] {
    return job.finished.load(std::memory_order_acquire) == count;
  };
  if (!SpinUntil(finished)) {
    std::unique_lock<std::mutex> lock(job.mutex);
    job.done.wait(lock, finished);
  }
  Retire(job);
}

} // namespace mgpu::host
