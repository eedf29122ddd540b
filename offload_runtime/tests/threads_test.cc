//===- threads_test.cc - libmgpu from many threads at once ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Built with ThreadSanitizer together with the runtime's sources: any data
// race in the runtime fails the test.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

#include "offload_runtime/testing/fake_cuda.h"

#include "gtest/gtest.h"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace {

using ::mgpu::testing::FakeCuda;
using ::mgpu::testing::MakeCubin;

TEST(RuntimeThreads, ConcurrentLoadsLaunchesAllocationsAndStreams) {
  constexpr int kThreads = 8;
  constexpr int kIterations = 200;
  std::string cubin = MakeCubin(90, {"a", "b", "c"});
  MgpuModuleHandle shared = mgpuModuleLoad(cubin.data(), cubin.size());
  ASSERT_NE(shared, nullptr);
  FakeCuda fake;
  fake.resetCalls();

  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      MgpuModuleHandle own = mgpuModuleLoad(cubin.data(), cubin.size());
      const char *names[] = {"a", "b", "c"};
      for (int i = 0; i < kIterations; ++i) {
        mgpuSetDefaultDevice((t + i) % 2);
        MgpuModuleHandle module = i % 2 ? own : shared;
        MgpuFunctionHandle f = mgpuModuleGetFunction(module, names[i % 3]);
        MgpuStream stream = i % 3 ? mgpuStreamCreate() : nullptr;
        mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, i % 4 ? 0 : 64 * 1024, stream,
                         nullptr, nullptr, 0);
        void *memory = mgpuMemAlloc(256, stream, false);
        mgpuMemset32(memory, i, 64, stream);
        MgpuEvent event = mgpuEventCreate();
        mgpuEventRecord(event, stream);
        mgpuStreamSynchronize(stream);
        mgpuEventDestroy(event);
        mgpuMemFree(memory, stream);
        if (stream)
          mgpuStreamDestroy(stream);
        if (!f || !memory)
          ++failures;
      }
      mgpuModuleUnload(own);
    });
  }
  for (std::thread &thread : threads)
    thread.join();

  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(fake.calls("cuLaunchKernel"), kThreads * kIterations);
  // Each (module, name) pair is looked up once: 3 names in the shared module
  // and in each thread's own.
  EXPECT_EQ(fake.calls("cuLibraryGetKernel"), 3 * (kThreads + 1));
  // Streams are pooled: never more than the threads use at once, per device,
  // plus each thread's own stream per device.
  EXPECT_LE(fake.calls("cuStreamCreate"), 2 * 2 * kThreads);
  mgpuModuleUnload(shared);
}

} // namespace
