//===- stress_test.cc - libmgpu under load, with faults injected ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// 32 threads make 10,016 launches between loads and unloads of their own
// modules, streams, events and allocations, while driver calls and host
// allocations fail at random: every failure must be reported to the handler
// on the thread that made the call, and nothing may crash, hang or (under
// --config=asan, whose LeakSanitizer checks at exit) leak.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

#include "offload_runtime/testing/failing_allocations.h"
#include "offload_runtime/testing/fake_cuda.h"

#include "gtest/gtest.h"

#include <cuda.h>

#include <atomic>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using ::mgpu::testing::FailAllocationAfter;
using ::mgpu::testing::FakeCuda;
using ::mgpu::testing::MakeCubin;
using ::mgpu::testing::TakeAllocationFailure;

/// Errors reported on this thread; the handler must not allocate.
thread_local int threadErrors = 0;
std::atomic<int> totalErrors{0};

void CountError(const char *, int32_t, const char *, void *) {
  ++threadErrors;
  totalErrors.fetch_add(1, std::memory_order_relaxed);
}

/// Runs `call` and says whether it reported an error.
template <typename Call> bool Failed(Call &&call) {
  int before = threadErrors;
  call();
  return threadErrors != before;
}

TEST(RuntimeStress, ThirtyTwoThreadsTenThousandLaunchesWithFaults) {
  constexpr int kThreads = 32;
  constexpr int kLaunchesPerThread = 313; // 10,016 in all
  constexpr const char *kDriverCalls[] = {
      "cuLaunchKernel",  "cuMemAlloc",        "cuStreamCreate",
      "cuEventRecord",   "cuLibraryLoadData", "cuLibraryGetKernel",
      "cuMemsetD32Async"};
  std::string cubin = MakeCubin(90, {"a", "b"});
  mgpuSetErrorHandler(CountError, nullptr);
  FakeCuda fake;
  mgpuStreamSynchronize(nullptr); // loads the driver before the threads race
  fake.resetCalls();

  std::atomic<int> launchesOk{0}, driverFaults{0}, allocationFaults{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 random(t);
      MgpuModuleHandle module = nullptr;
      for (int i = 0; i < kLaunchesPerThread; ++i) {
        if (random() % 29 == 0) {
          fake.failCall(kDriverCalls[random() % std::size(kDriverCalls)],
                        CUDA_ERROR_OUT_OF_MEMORY, random() % 16);
          driverFaults.fetch_add(1, std::memory_order_relaxed);
        }
        bool failAllocation = random() % 31 == 0;
        if (failAllocation)
          FailAllocationAfter(random() % 8);
        // A fresh module now and then: loads and unloads race launches.
        if (!module || i % 50 == 0) {
          mgpuModuleUnload(module);
          module = mgpuModuleLoad(cubin.data(), cubin.size());
        }
        MgpuFunctionHandle f =
            module ? mgpuModuleGetFunction(module, i % 2 ? "a" : "b") : nullptr;
        MgpuStream stream = i % 3 ? mgpuStreamCreate() : nullptr;
        void *memory = mgpuMemAlloc(256, stream, false);
        if (memory)
          mgpuMemset32(memory, i, 64, stream);
        if (f && !Failed([&] {
              mgpuLaunchKernel(f, 1 + i % 4, 1, 1, 32, 1, 1, 0, stream, nullptr,
                               nullptr, 0);
            }))
          launchesOk.fetch_add(1, std::memory_order_relaxed);
        MgpuEvent event = mgpuEventCreate();
        if (event)
          mgpuEventRecord(event, stream);
        mgpuStreamSynchronize(stream);
        mgpuEventDestroy(event);
        mgpuMemFree(memory, stream);
        mgpuStreamDestroy(stream);
        if (failAllocation && TakeAllocationFailure())
          allocationFaults.fetch_add(1, std::memory_order_relaxed);
      }
      mgpuModuleUnload(module);
    });
  }
  for (std::thread &thread : threads)
    thread.join();
  mgpuSetErrorHandler(nullptr, nullptr);
  // Faults still pending replaced by ones that do nothing.
  for (const char *call : kDriverCalls)
    fake.failCall(call, CUDA_SUCCESS);

  // Every launch reported as done reached the driver; faults made the rest
  // fail, each reported, and were few.
  EXPECT_GE(fake.calls("cuLaunchKernel"), launchesOk.load());
  EXPECT_GT(launchesOk.load(), kThreads * kLaunchesPerThread * 8 / 10);
  EXPECT_GT(driverFaults.load(), 0);
  EXPECT_GT(allocationFaults.load(), 0);
  EXPECT_GE(totalErrors.load(), allocationFaults.load());
}

TEST(RuntimeStress, LoadUnloadLoopKeepsNothing) {
  // Under --config=asan, LeakSanitizer fails the test on anything a cycle
  // keeps; here the driver's own count shows every library unloaded.
  std::string cubin = MakeCubin(90, {"a"});
  FakeCuda fake;
  fake.resetCalls();
  for (int i = 0; i < 2000; ++i) {
    MgpuModuleHandle module = mgpuModuleLoad(cubin.data(), cubin.size());
    MgpuFunctionHandle f = mgpuModuleGetFunction(module, "a");
    mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
    mgpuModuleUnload(module);
  }
  EXPECT_EQ(fake.calls("cuLibraryLoadData"), 2000);
  EXPECT_EQ(fake.calls("cuLibraryUnload"), 2000);
}

} // namespace
