// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Runs scale.mlir's function against mlir-offload's test driver, which runs
// no kernel: its sm_90 device is given the sm_90 cubin, and the launch has
// the grid and block the function asks for.
#include "scale.h"

#include "offload_runtime/testing/fake_cuda.h"
#include "gtest/gtest.h"

#include <vector>

namespace {

TEST(Consumer, LaunchesTheSm90CubinOnTheTestDriver) {
  mgpu::testing::FakeCuda driver;
  std::vector<float> x(1000, 1.0f), y(1000);
  MemRef1D mx{x.data(), x.data(), 0, int64_t(x.size()), 1};
  MemRef1D my{y.data(), y.data(), 0, int64_t(y.size()), 1};
  _mlir_ciface_scale(2.5f, &mx, &my);
  FakeCudaLaunch launch = driver.lastLaunch();
  EXPECT_STREQ(launch.kernel, "scale_kernel");
  EXPECT_EQ(launch.grid[0], 16u);
  EXPECT_EQ(launch.block[0], 64u);
  EXPECT_EQ(driver.lastImageArch(), 90);
}

} // namespace
