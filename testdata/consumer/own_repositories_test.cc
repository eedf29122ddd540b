// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The consumer's own @llvm and @cuda, in one binary with scale.mlir compiled
// for the host by mlir-offload (whose repositories are @offload_llvm and
// @offload_cuda): each name is the consumer's repository, not mlir-offload's.
#include "consumer_cuda.h"
#include "consumer_llvm.h"
#include "scale.h"

#include "gtest/gtest.h"

#include <vector>

namespace {

TEST(Consumer, HasItsOwnLlvmAndCuda) {
  EXPECT_STREQ(consumer_llvm::kRepository, "the consumer's own @llvm");
  EXPECT_STREQ(consumer_cuda::kRepository, "the consumer's own @cuda");
}

TEST(Consumer, ScalesOnTheHostBesideThem) {
  std::vector<float> x{1.0f, -2.0f, 3.5f}, y(3, 0.0f);
  MemRef1D mx{x.data(), x.data(), 0, int64_t(x.size()), 1};
  MemRef1D my{y.data(), y.data(), 0, int64_t(y.size()), 1};
  _mlir_ciface_scale(-2.0f, &mx, &my);
  EXPECT_EQ(y, (std::vector<float>{-2.0f, 4.0f, -7.0f}));
}

} // namespace
