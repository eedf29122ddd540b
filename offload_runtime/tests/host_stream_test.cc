//===- host_stream_test.cc - The host backend's streams -------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// HostStream::RunNowIfIdle on its own: a task runs on the calling thread, on
// a stack as large as a worker's, only when the stream is idle, and keeps
// the stream's order for what other threads queue and wait for meanwhile.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/host_stream.h"
#include "offload_runtime/host/thread_pool.h"
#include "offload_runtime/host/worker_stack.h"

#include "gtest/gtest.h"

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <functional>
#include <thread>

namespace mgpu::host {
namespace {

/// Runs `body` on a new thread with a stack of `stackBytes`, and waits for
/// it.
void RunOnThreadWithStack(size_t stackBytes, std::function<void()> body) {
  pthread_attr_t attributes;
  ASSERT_EQ(pthread_attr_init(&attributes), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attributes, stackBytes), 0);
  pthread_t thread;
  ASSERT_EQ(pthread_create(
                &thread, &attributes,
                [](void *arg) -> void * {
                  (*static_cast<std::function<void()> *>(arg))();
                  return nullptr;
                },
                &body),
            0);
  pthread_attr_destroy(&attributes);
  pthread_join(thread, nullptr);
}

/// Touches `bytes` of stack below the caller's frame, from the top down
/// (a stack too small faults at its guard page, rather than writing past
/// it), and returns a sum of them that the compiler cannot fold.
[[gnu::noinline]] int TouchStack(size_t bytes) {
  auto *memory = static_cast<volatile char *>(__builtin_alloca(bytes));
  for (size_t i = bytes; i >= 4096; i -= 4096)
    memory[i - 4096] = static_cast<char>((i - 4096) >> 12);
  int sum = 0;
  for (size_t i = 0; i < bytes; i += 4096)
    sum += memory[i];
  return sum;
}

HostStream &NewStream() {
  StatusOr<HostStream *> stream = AcquireStream();
  EXPECT_TRUE(stream.ok());
  return **stream;
}

TEST(HostStream, AnIdleStreamRunsATaskOnTheCallerWithAWorkersStack) {
  if (!HaveWorkerStack())
    GTEST_SKIP() << "no stack switch on this machine: tasks are queued";
  HostStream &stream = NewStream();
  // 12 MiB of stack, from a thread that has 256 KiB: it ran on another
  // stack, or this test died.
  constexpr size_t kBytes = 12u << 20;
  static_assert(kBytes < kWorkerStackBytes);
  int expected = 0;
  for (size_t i = 0; i < kBytes; i += 4096)
    expected += static_cast<char>(i >> 12);
  RunOnThreadWithStack(256 << 10, [&] {
    const std::thread::id caller = std::this_thread::get_id();
    for (int round = 0; round < 3; ++round) {
      std::thread::id ranOn;
      int sum = 0;
      bool ran = stream.RunNowIfIdle("test", [&] {
        ranOn = std::this_thread::get_id();
        sum = TouchStack(kBytes);
        return OkStatus();
      });
      EXPECT_TRUE(ran);
      EXPECT_EQ(ranOn, caller);
      EXPECT_EQ(sum, expected);
    }
  });
  EXPECT_TRUE(stream.Synchronize().ok());
  EXPECT_TRUE(ReleaseStream(&stream).ok());
}

TEST(HostStream, ABusyStreamQueuesInstead) {
  if (!HaveWorkerStack())
    GTEST_SKIP() << "no stack switch on this machine: tasks are queued";
  HostStream &stream = NewStream();
  std::atomic<bool> release{false}, started{false};
  stream.Enqueue("blocker", [&] {
    started = true;
    while (!release)
      std::this_thread::yield();
    return OkStatus();
  });
  while (!started)
    std::this_thread::yield();
  bool ranNow = false;
  EXPECT_FALSE(stream.RunNowIfIdle("test", [&] {
    ranNow = true;
    return OkStatus();
  }));
  EXPECT_FALSE(ranNow);
  release = true;
  EXPECT_TRUE(stream.Synchronize().ok());
  // Idle again.
  EXPECT_TRUE(stream.RunNowIfIdle("test", [&] {
    ranNow = true;
    return OkStatus();
  }));
  EXPECT_TRUE(ranNow);
  EXPECT_TRUE(ReleaseStream(&stream).ok());
}

// A task that runs on the caller may not run another one there: the second
// would start at the top of the stack that the first is on.
TEST(HostStream, ATaskOnTheCallerQueuesWhatItRunsNow) {
  if (!HaveWorkerStack())
    GTEST_SKIP() << "no stack switch on this machine: tasks are queued";
  HostStream &outer = NewStream();
  HostStream &inner = NewStream();
  bool innerRanNow = true, innerRan = false;
  EXPECT_TRUE(outer.RunNowIfIdle("outer", [&] {
    innerRanNow = inner.RunNowIfIdle("inner", [&] {
      innerRan = true;
      return OkStatus();
    });
    return OkStatus();
  }));
  EXPECT_FALSE(innerRanNow);
  EXPECT_FALSE(innerRan);
  EXPECT_TRUE(ReleaseStream(&outer).ok());
  EXPECT_TRUE(ReleaseStream(&inner).ok());
}

// What another thread queues while the caller runs a task starts after it;
// what another thread waits for includes it.
TEST(HostStream, OthersQueueAndWaitBehindTheCallersTask) {
  if (!HaveWorkerStack())
    GTEST_SKIP() << "no stack switch on this machine: tasks are queued";
  HostStream &stream = NewStream();
  for (int round = 0; round < 20; ++round) {
    std::atomic<int> step{0};
    std::atomic<bool> laterStartedEarly{false}, drainedEarly{false};
    std::thread other;
    bool ran = stream.RunNowIfIdle("caller", [&] {
      other = std::thread([&] {
        stream.Enqueue("later", [&] {
          if (step.load() != 2)
            laterStartedEarly = true;
          return OkStatus();
        });
        step = 1;
        stream.Drain();
        if (step.load() != 2)
          drainedEarly = true;
      });
      while (step.load() != 1)
        std::this_thread::yield();
      // Time for the stream's thread to start the later task, wrongly.
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      step = 2;
      return OkStatus();
    });
    other.join();
    EXPECT_TRUE(ran);
    EXPECT_FALSE(laterStartedEarly) << "round " << round;
    EXPECT_FALSE(drainedEarly) << "round " << round;
    EXPECT_TRUE(stream.Synchronize().ok());
  }
  EXPECT_TRUE(ReleaseStream(&stream).ok());
}

} // namespace
} // namespace mgpu::host
