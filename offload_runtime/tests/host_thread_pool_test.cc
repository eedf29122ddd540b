//===- host_thread_pool_test.cc - The host backend's worker pool ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// ThreadPool on its own: its ranges cover every index once, in chunks of
// ChunkSize(), on the workers as well as the submitter; several submitters
// share it; its workers sleep and wake; it ends. And SpinUntil's bound,
// and MoveOffCpu, with which a worker leaves its submitter's CPU.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/thread_pool.h"

#include "gtest/gtest.h"

#include <sched.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace mgpu::host {
namespace {

using Clock = std::chrono::steady_clock;

/// Runs `count` indices on `pool` and checks that each ran once, in ranges
/// of ChunkSize() indices (the last one shorter) that start on a multiple
/// of it.
void ExpectCoveredOnce(ThreadPool &pool, uint64_t count) {
  std::vector<std::atomic<int>> hits(count);
  std::mutex mutex;
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
  pool.ParallelFor(count, [&](uint64_t begin, uint64_t end) {
    for (uint64_t i = begin; i < end; ++i)
      hits[i].fetch_add(1, std::memory_order_relaxed);
    std::lock_guard<std::mutex> lock(mutex);
    ranges.emplace_back(begin, end);
  });
  for (uint64_t i = 0; i < count; ++i)
    ASSERT_EQ(hits[i].load(), 1) << "index " << i << " of " << count;
  // A pool without workers runs a launch as one range.
  const uint64_t chunk = pool.workers() == 1
                             ? count
                             : ThreadPool::ChunkSize(count, pool.workers());
  for (auto [begin, end] : ranges) {
    EXPECT_EQ(begin % chunk, 0u) << count;
    EXPECT_EQ(end, std::min(count, begin + chunk)) << count;
  }
}

TEST(ThreadPool, ChunksAreFewAndEnoughToBalance) {
  for (unsigned threads : {1u, 2u, 3u, 16u, 4096u})
    for (uint64_t count :
         {uint64_t(1), uint64_t(2), uint64_t(47), uint64_t(48), uint64_t(49),
          uint64_t(65536), uint64_t(1) << 40, uint64_t(1) << 62}) {
      uint64_t chunk = ThreadPool::ChunkSize(count, threads);
      ASSERT_GE(chunk, 1u);
      uint64_t chunks = count / chunk + (count % chunk != 0);
      // At most 16 chunks per thread, and for a launch of enough blocks at
      // least 8.
      EXPECT_LE(chunks, uint64_t(threads) * 16) << count << " " << threads;
      EXPECT_GE(chunks, std::min<uint64_t>(count, uint64_t(threads) * 8))
          << count << " " << threads;
    }
}

TEST(ThreadPool, RangesCoverEveryIndexOnce) {
  for (unsigned threads : {1u, 2u, 3u, 5u}) {
    ThreadPool pool(threads);
    for (uint64_t count : {1, 2, 3, 7, 97, 1000, 4099, 65537})
      ExpectCoveredOnce(pool, count);
  }
}

TEST(ThreadPool, ZeroIndicesCallNothing) {
  ThreadPool pool(2);
  bool called = false;
  pool.ParallelFor(0, [&](uint64_t, uint64_t) { called = true; });
  EXPECT_FALSE(called);
}

TEST(ThreadPool, WorkersRunChunksBesideTheSubmitter) {
  ThreadPool pool(3);
  if (pool.workers() < 2)
    GTEST_SKIP() << "no worker could be started";
  const std::thread::id submitter = std::this_thread::get_id();
  std::atomic<bool> elsewhere{false};
  // The submitter's first range waits for a range to run on a worker.
  pool.ParallelFor(64, [&](uint64_t begin, uint64_t) {
    if (std::this_thread::get_id() != submitter) {
      elsewhere = true;
      return;
    }
    if (begin != 0)
      return;
    auto deadline = Clock::now() + std::chrono::seconds(60);
    while (!elsewhere && Clock::now() < deadline)
      std::this_thread::yield();
  });
  EXPECT_TRUE(elsewhere);
}

TEST(ThreadPool, SubmittersOnSeveralThreadsShareTheWorkers) {
  ThreadPool pool(3);
  std::vector<std::thread> submitters;
  for (int t = 0; t < 4; ++t)
    submitters.emplace_back([&pool, t] {
      for (uint64_t i = 0; i < 50; ++i)
        ExpectCoveredOnce(pool, 100 * t + 7 * i + 1);
    });
  for (std::thread &submitter : submitters)
    submitter.join();
}

TEST(ThreadPool, IdleWorkersSleepAndWake) {
  ThreadPool pool(3);
  for (int round = 0; round < 5; ++round) {
    ExpectCoveredOnce(pool, 1000);
    // Long past the spin: the workers sleep, and the next launch wakes them.
    std::this_thread::sleep_for(20 * kSpinTime);
  }
}

TEST(ThreadPool, DestroyingAPoolEndsItsWorkers) {
  for (int i = 0; i < 20; ++i) {
    auto pool = std::make_unique<ThreadPool>(4);
    ExpectCoveredOnce(*pool, 333);
    if (i % 2)
      std::this_thread::sleep_for(2 * kSpinTime); // asleep, not spinning
  }
}

/// This thread's CPU affinity.
cpu_set_t GetAffinity() {
  cpu_set_t set;
  CPU_ZERO(&set);
  EXPECT_EQ(sched_getaffinity(0, sizeof(set), &set), 0);
  return set;
}

/// Binds this thread to `cpu` alone.
void BindTo(int cpu) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof(one), &one), 0);
}

TEST(MoveOffCpu, LeavesTheCpuAndKeepsTheAffinity) {
  const cpu_set_t before = GetAffinity();
  if (CPU_COUNT(&before) < 2)
    GTEST_SKIP() << "this process may run on one CPU only";
  for (int round = 0; round < 20; ++round) {
    // Where the thread still runs when the call looks (it may migrate
    // between the two calls).
    int cpu = -1, now = -1;
    for (int tries = 0; tries < 100 && now < 0; ++tries) {
      cpu = sched_getcpu();
      now = MoveOffCpu(cpu);
    }
    ASSERT_GE(now, 0) << "round " << round;
    EXPECT_NE(now, cpu) << "round " << round;
    EXPECT_TRUE(CPU_ISSET(now, &before)) << "round " << round;
    cpu_set_t after = GetAffinity();
    EXPECT_TRUE(CPU_EQUAL(&before, &after)) << "round " << round;
  }
}

TEST(MoveOffCpu, StaysWhereItCannotMove) {
  const cpu_set_t before = GetAffinity();
  const int cpu = sched_getcpu();
  ASSERT_GE(cpu, 0);
  EXPECT_EQ(MoveOffCpu(-1), -1);
  EXPECT_EQ(MoveOffCpu(CPU_SETSIZE), -1);
  // Bound to one CPU: nowhere else to go, and the binding stays.
  BindTo(cpu);
  EXPECT_EQ(MoveOffCpu(cpu), -1);
  EXPECT_EQ(sched_getcpu(), cpu);
  cpu_set_t bound = GetAffinity();
  EXPECT_EQ(CPU_COUNT(&bound), 1);
  EXPECT_TRUE(CPU_ISSET(cpu, &bound));
  // A CPU that it does not run on (and may not run on).
  if (CPU_COUNT(&before) >= 2) {
    int other = 0;
    while (other == cpu || !CPU_ISSET(other, &before))
      ++other;
    EXPECT_EQ(MoveOffCpu(other), -1);
    EXPECT_EQ(sched_getcpu(), cpu);
  }
  ASSERT_EQ(sched_setaffinity(0, sizeof(before), &before), 0);
}

TEST(ThreadPool, AWorkerOnItsSubmittersCpuMovesOffIt) {
  const cpu_set_t before = GetAffinity();
  if (CPU_COUNT(&before) < 2)
    GTEST_SKIP() << "this process may run on one CPU only";
  const int cpu = sched_getcpu();
  ASSERT_GE(cpu, 0);
  BindTo(cpu);
  ThreadPool pool(2);
  const std::thread::id submitter = std::this_thread::get_id();
  // First the worker comes to the submitter's CPU: bound there by a chunk
  // of its own, then unbound, where it stays as nothing moves it.
  std::atomic<bool> placed{false};
  while (!placed.load()) {
    pool.ParallelFor(64, [&](uint64_t, uint64_t) {
      if (std::this_thread::get_id() == submitter || placed.exchange(true))
        return;
      BindTo(cpu);
      sched_setaffinity(0, sizeof(before), &before);
    });
  }
  // Then each chunk sleeps, so that the worker, on the submitter's CPU,
  // gets to take one; it moves off before it runs it. (Later chunks may
  // run anywhere: the submitter sleeps, and its CPU is as good as another.)
  std::atomic<int> firstWorkerCpu{-2};
  while (firstWorkerCpu.load() == -2) {
    pool.ParallelFor(64, [&](uint64_t, uint64_t) {
      if (std::this_thread::get_id() != submitter) {
        int expected = -2;
        firstWorkerCpu.compare_exchange_strong(expected, sched_getcpu());
      }
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    });
  }
  EXPECT_NE(firstWorkerCpu.load(), cpu)
      << "the worker ran its first chunk on the submitter's CPU";
  ASSERT_EQ(sched_setaffinity(0, sizeof(before), &before), 0);
}

TEST(SpinUntil, ReturnsAtOnceWhenReady) {
  int polls = 0;
  EXPECT_TRUE(SpinUntil([&] { return ++polls > 0; }));
  EXPECT_EQ(polls, 1);
}

TEST(SpinUntil, GivesUpAfterTheSpinTime) {
  auto start = Clock::now();
  EXPECT_FALSE(SpinUntil([] { return false; }));
  EXPECT_GE(Clock::now() - start, kSpinTime);
}

TEST(SpinUntil, SeesAnotherThreadsStore) {
  std::atomic<bool> flag{false};
  std::thread setter([&] { flag.store(true, std::memory_order_release); });
  while (!SpinUntil([&] { return flag.load(std::memory_order_acquire); })) {
  }
  setter.join();
}

} // namespace
} // namespace mgpu::host
