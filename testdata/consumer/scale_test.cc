// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Runs scale.mlir's function, whose kernel runs on the host CPU through
// mlir-offload's host backend (MGPU_DEVICE=host).
#include "scale.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

#include <vector>

namespace {

TEST(Consumer, ScalesOnTheHost) {
  std::vector<float> x(1000), y(1000, -1.0f);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = float(i);
  MemRef1D mx{x.data(), x.data(), 0, int64_t(x.size()), 1};
  MemRef1D my{y.data(), y.data(), 0, int64_t(y.size()), 1};
  _mlir_ciface_scale(2.5f, &mx, &my);
  for (size_t i = 0; i < y.size(); ++i)
    ASSERT_EQ(y[i], 2.5f * x[i]) << absl::StrCat("at index ", i);
}

} // namespace
