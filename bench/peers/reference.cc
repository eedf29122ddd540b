//===- reference.cc - host_peers' oracle -------------------------*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "bench/peers/reference.h"

#include <algorithm>
#include <cmath>

namespace offload::bench {

std::vector<float> ReferenceVectorAdd(const float *a, const float *b,
                                      int64_t n) {
  std::vector<float> c(n);
  for (int64_t i = 0; i < n; ++i)
    c[i] = float(double(a[i]) + double(b[i]));
  return c;
}

std::vector<float> ReferenceBlockSums(const float *in, int64_t n) {
  std::vector<float> sums(n / 256);
  for (int64_t b = 0; b < n / 256; ++b) {
    double sum = 0;
    for (int64_t i = b * 256; i < b * 256 + 256; ++i)
      sum += in[i];
    sums[b] = float(sum);
  }
  return sums;
}

std::vector<float> ReferenceMatmul(const float *a, const float *b, int64_t n) {
  std::vector<float> c(n * n);
  std::vector<double> row(n);
  for (int64_t i = 0; i < n; ++i) {
    std::fill(row.begin(), row.end(), 0.0);
    for (int64_t k = 0; k < n; ++k)
      for (int64_t j = 0; j < n; ++j)
        row[j] += double(a[i * n + k]) * double(b[k * n + j]);
    for (int64_t j = 0; j < n; ++j)
      c[i * n + j] = float(row[j]);
  }
  return c;
}

std::vector<float> ReferenceJacobi(const float *in, int64_t n) {
  std::vector<float> out(n * n, 0.0f);
  for (int64_t i = 1; i < n - 1; ++i)
    for (int64_t j = 1; j < n - 1; ++j)
      out[i * n + j] =
          float((double(in[(i - 1) * n + j]) + in[(i + 1) * n + j] +
                 in[i * n + j - 1] + in[i * n + j + 1]) /
                4);
  return out;
}

std::vector<int32_t> ReferenceHistogram(const int32_t *in, int64_t n) {
  std::vector<int32_t> hist(256, 0);
  for (int64_t i = 0; i < n; ++i)
    ++hist[in[i]];
  return hist;
}

std::vector<float> ReferenceSoftmax(const float *in, int64_t rows,
                                    int64_t cols) {
  std::vector<float> out(rows * cols);
  for (int64_t r = 0; r < rows; ++r) {
    const float *x = in + r * cols;
    double max = *std::max_element(x, x + cols), sum = 0;
    for (int64_t j = 0; j < cols; ++j)
      sum += std::exp(double(x[j]) - max);
    for (int64_t j = 0; j < cols; ++j)
      out[r * cols + j] = float(std::exp(double(x[j]) - max) / sum);
  }
  return out;
}

} // namespace offload::bench
