//===- streaming_stores_test.cc - Non-temporal copies against loops -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The kernels of streaming_kernels.mlir, run by libmgpu's host backend,
// against plain loops, at sizes around a block and a vector's edges. With
// MGPU_HOST_STREAMING_BYTES=1 (BUILD.bazel) every launch whose output is
// 64-byte aligned takes its run function's non-temporal copy; outputs one
// element off that alignment take the plain one. The elements on either
// side of an output, which no launch may write, must keep their values.
// streaming_stores_plain_test runs the same with the copies turned off.
//
//===----------------------------------------------------------------------===//

#include <gtest/gtest.h>

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

/// A 1-D memref's descriptor, as the kernels' C interfaces take it.
template <typename T> using MemRef1 = StridedMemRefType<T, 1>;

template <typename T> MemRef1<T> MemRefOf(T *data, int64_t n) {
  return {data, data, 0, {n}, {1}};
}

} // namespace

extern "C" void _mlir_ciface_stream_add(MemRef1<float> *, MemRef1<float> *,
                                        MemRef1<float> *, int64_t);
extern "C" void _mlir_ciface_stream_triple(MemRef1<int64_t> *,
                                           MemRef1<int64_t> *, int64_t,
                                           int64_t);

namespace {

/// The elements kept on either side of an output.
constexpr int64_t kGuard = 64;

/// Memory for `n` elements of T, 64-byte aligned, `shift` elements further
/// on, with kGuard elements of `fill` on either side.
template <typename T> class Output {
public:
  Output(int64_t n, int64_t shift, T fill) : n(n), fill(fill) {
    size_t bytes = (n + shift + 2 * kGuard) * sizeof(T);
    memory = static_cast<T *>(std::aligned_alloc(64, (bytes + 63) / 64 * 64));
    for (int64_t i = 0; i < n + shift + 2 * kGuard; ++i)
      memory[i] = fill;
    data = memory + kGuard + shift;
  }
  ~Output() { std::free(memory); }
  Output(const Output &) = delete;
  Output &operator=(const Output &) = delete;

  /// Whether the kGuard elements on either side still hold `fill`.
  bool GuardsKept() const {
    for (int64_t i = 1; i <= kGuard; ++i)
      if (std::memcmp(&data[-i], &fill, sizeof(T)) != 0 ||
          std::memcmp(&data[n - 1 + i], &fill, sizeof(T)) != 0)
        return false;
    return true;
  }

  T *data;

private:
  T *memory;
  int64_t n;
  T fill;
};

class StreamingStores : public testing::TestWithParam<int64_t> {};

TEST_P(StreamingStores, VectorAddMatchesTheLoop) {
  const int64_t n = GetParam();
  for (int64_t shift : {0, 1}) {
    std::vector<float> a(n), b(n);
    for (int64_t i = 0; i < n; ++i) {
      a[i] = float(i % 4099) * 0.5f;
      b[i] = float(i % 7) - 3.0f;
    }
    Output<float> c(n, shift, -7.25f);
    MemRef1<float> ma = MemRefOf(a.data(), n), mb = MemRefOf(b.data(), n),
                   mc = MemRefOf(c.data, n);
    _mlir_ciface_stream_add(&ma, &mb, &mc, n);
    for (int64_t i = 0; i < n; ++i)
      ASSERT_EQ(c.data[i], a[i] + b[i])
          << "c[" << i << "] of " << n << ", output shifted by " << shift;
    EXPECT_TRUE(c.GuardsKept()) << n << " elements, shifted by " << shift;
  }
}

TEST_P(StreamingStores, GridStrideTripleMatchesTheLoop) {
  const int64_t n = GetParam();
  for (int64_t blocks : {1, 3, 64}) {
    for (int64_t shift : {0, 1}) {
      std::vector<int64_t> a(n);
      for (int64_t i = 0; i < n; ++i)
        a[i] = int64_t(uint64_t(i) * 0x9E3779B97F4A7C15ull);
      Output<int64_t> c(n, shift, INT64_MIN);
      MemRef1<int64_t> ma = MemRefOf(a.data(), n), mc = MemRefOf(c.data, n);
      _mlir_ciface_stream_triple(&ma, &mc, n, blocks);
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(c.data[i], int64_t(uint64_t(a[i]) * 3))
            << "c[" << i << "] of " << n << " in " << blocks
            << " blocks, output shifted by " << shift;
      EXPECT_TRUE(c.GuardsKept())
          << n << " elements in " << blocks << " blocks, shifted by " << shift;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, StreamingStores,
                         testing::Values(1, 15, 16, 17, 255, 256, 257, 1000,
                                         4099, 65536 + 17, (1 << 20) + 3));

} // namespace
