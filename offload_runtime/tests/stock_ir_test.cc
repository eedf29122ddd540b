//===- stock_ir_test.cc - IR from stock mlir-opt-22 against libmgpu.so ----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// launch_loop.mlir, lowered by Debian's own mlir-opt-22 and mlir-translate-22
// and linked against libmgpu.so: its module is loaded in a global constructor,
// and each launch calls mgpuModuleGetFunction, mgpuStreamCreate,
// mgpuLaunchKernel, mgpuStreamSynchronize and mgpuStreamDestroy. The driver
// must see one kernel lookup in all and no stream per launch.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_cuda.h"

#include "gtest/gtest.h"

#include <cstdint>

extern "C" void launch_many(float *allocated, float *aligned, int64_t offset,
                            int64_t size, int64_t stride, int64_t n);

namespace {

TEST(StockIR, OneKernelLookupAndNoStreamPerLaunch) {
  mgpu::testing::FakeCuda fake;
  // The global constructor of the lowered IR loaded the module before main.
  EXPECT_EQ(fake.calls("cuLibraryLoadData"), 1);
  EXPECT_EQ(fake.lastImageArch(), 90);

  float data[32] = {};
  constexpr int kLaunches = 50;
  launch_many(data, data, 0, 32, 1, kLaunches);
  EXPECT_EQ(fake.calls("cuLaunchKernel"), kLaunches);
  EXPECT_EQ(fake.calls("cuLibraryGetKernel"), 1);
  EXPECT_LE(fake.calls("cuStreamCreate"), 1);
  EXPECT_EQ(fake.calls("cuStreamDestroy"), 0);
  EXPECT_EQ(fake.calls("cuStreamSynchronize"), kLaunches);
  FakeCudaLaunch launch = fake.lastLaunch();
  EXPECT_STREQ(launch.kernel, "scale");
  EXPECT_EQ(launch.block[0], 32u);
}

} // namespace
