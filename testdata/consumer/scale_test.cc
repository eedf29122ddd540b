// Runs scale.mlir's function against mlir-offload's test driver, with a host
// stand-in for the outlined kernel.
#include "scale.h"

#include "absl/strings/str_cat.h"
#include "offload_runtime/testing/fake_cuda.h"
#include "gtest/gtest.h"

#include <vector>

namespace {

// The outlined kernel's parameters are the values the region uses from
// above (the block size is gpu.block_dim inside): n, then the device memref
// (allocated, aligned, offset, size, stride), then alpha.
void ScaleStandIn(const FakeCudaLaunch *launch, void **params, void *) {
  int64_t n = *static_cast<int64_t *>(params[0]);
  float *data = *static_cast<float **>(params[2]);
  float alpha = *static_cast<float *>(params[6]);
  int64_t threads = int64_t(launch->grid[0]) * launch->block[0];
  for (int64_t i = 0; i < n && i < threads; ++i)
    data[i] *= alpha;
}

TEST(Consumer, ScalesOnTheTestDriver) {
  mgpu::testing::FakeCuda driver;
  driver.emulateKernel("scale_kernel", ScaleStandIn);
  std::vector<float> x(1000), y(1000, -1.0f);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = float(i);
  MemRef1D mx{x.data(), x.data(), 0, int64_t(x.size()), 1};
  MemRef1D my{y.data(), y.data(), 0, int64_t(y.size()), 1};
  _mlir_ciface_scale(2.5f, &mx, &my);
  for (size_t i = 0; i < y.size(); ++i)
    ASSERT_EQ(y[i], 2.5f * x[i]) << absl::StrCat("at index ", i);
  FakeCudaLaunch launch = driver.lastLaunch();
  EXPECT_STREQ(launch.kernel, "scale_kernel");
  EXPECT_EQ(launch.grid[0], 16u);
  EXPECT_EQ(launch.block[0], 64u);
  // The device is an sm_90 (the test driver's default): its cubin was loaded.
  EXPECT_EQ(driver.lastImageArch(), 90);
}

} // namespace
