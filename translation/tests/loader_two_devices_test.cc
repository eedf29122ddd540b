//===- loader_two_devices_test.cc - One binary, two architectures ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// launch_loop.mlir, compiled for sm_80 and sm_90 by our pipeline and
// translation, on a machine with an sm_90 and an sm_80 device (the test
// driver): each device runs the object compiled for it, from the same kernel
// handle, and each object is loaded once.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"
#include "offload_runtime/testing/fake_cuda.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <thread>

extern "C" void launch_many(float *allocated, float *aligned, int64_t offset,
                            int64_t size, int64_t stride, int64_t n);

namespace {

TEST(LoaderIR, EachDeviceRunsTheObjectCompiledForIt) {
  mgpu::testing::FakeCuda fake;
  float data[32] = {};
  launch_many(data, data, 0, 32, 1, 3);
  EXPECT_EQ(fake.lastImageArch(), 90);
  EXPECT_EQ(fake.lastLaunch().device, 0);

  std::thread([&] {
    mgpuSetDefaultDevice(1);
    launch_many(data, data, 0, 32, 1, 3);
  }).join();
  EXPECT_EQ(fake.lastImageArch(), 80);
  EXPECT_EQ(fake.lastLaunch().device, 1);

  launch_many(data, data, 0, 32, 1, 3);
  EXPECT_EQ(fake.lastLaunch().device, 0);
  EXPECT_EQ(fake.calls("cuLibraryLoadData"), 2);
  EXPECT_EQ(fake.calls("cuLaunchKernel"), 9);
  // One lookup per object; the handle serves both devices.
  EXPECT_EQ(fake.calls("cuLibraryGetKernel"), 2);
}

} // namespace
