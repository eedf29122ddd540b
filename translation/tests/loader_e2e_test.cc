//===- loader_e2e_test.cc - #offload.loader IR against libmgpu.so ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// launch_loop.mlir through offload-opt, offload-translate and llc, linked
// against libmgpu.so and run against the test driver, whose devices
// ($FAKE_CUDA_DEVICES) decide which of the sm_80 and sm_90 cubins must be
// loaded ($EXPECTED_ARCH).
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_cuda.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdlib>

extern "C" void launch_many(float *allocated, float *aligned, int64_t offset,
                            int64_t size, int64_t stride, int64_t n);

namespace {

TEST(LoaderIR, OneLookupInAllAndOneLaunchCallPerLaunch) {
  mgpu::testing::FakeCuda fake;
  const char *lazyVar = std::getenv("LAZY");
  const bool lazy = lazyVar && *lazyVar;
  // Loaded by the global constructor, unless lazy.
  EXPECT_EQ(fake.calls("cuLibraryLoadData"), lazy ? 0 : 1);

  float data[32] = {};
  constexpr int kLaunches = 100;
  launch_many(data, data, 0, 32, 1, kLaunches);
  EXPECT_EQ(fake.calls("cuLibraryLoadData"), 1);
  EXPECT_EQ(fake.calls("cuLibraryGetKernel"), 1);
  EXPECT_EQ(fake.calls("cuLaunchKernel"), kLaunches);
  EXPECT_EQ(fake.calls("cuStreamSynchronize"), kLaunches);
  EXPECT_LE(fake.calls("cuStreamCreate"), 1);
  EXPECT_EQ(fake.calls("cuStreamDestroy"), 0);
  EXPECT_EQ(fake.lastImageKind(), 'c');
  EXPECT_EQ(fake.lastImageArch(), std::atoi(std::getenv("EXPECTED_ARCH")));
  FakeCudaLaunch launch = fake.lastLaunch();
  EXPECT_STREQ(launch.kernel, "scale");
  EXPECT_EQ(launch.block[0], 32u);
}

} // namespace
