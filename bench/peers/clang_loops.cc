//===- clang_loops.cc - host_peers' kernels as OpenMP loops -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The practical bound: each computation as a C++ programmer would write it
// for the CPU, built with clang++-22 -O3 -march=native -fopenmp. Both matmul
// rows are timed against the same loop, in the order (i, k, j) that
// vectorizes over j.
//
//===----------------------------------------------------------------------===//

#include "bench/peers/peers.h"

#include <omp.h>

#include <cmath>
#include <cstring>

extern "C" {

void loops_vector_add(const float *a, const float *b, float *c, int64_t n) {
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

void loops_block_reduce(const float *in, float *partial, int64_t blocks) {
#pragma omp parallel for schedule(static)
  for (int64_t b = 0; b < blocks; ++b) {
    float sum = 0.0f;
#pragma omp simd reduction(+ : sum)
    for (int64_t j = 0; j < 256; ++j)
      sum += in[b * 256 + j];
    partial[b] = sum;
  }
}

void loops_matmul(const float *a, const float *b, float *c, int64_t n) {
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    float *row = c + i * n;
    std::memset(row, 0, n * sizeof(float));
    for (int64_t k = 0; k < n; ++k) {
      const float x = a[i * n + k];
      const float *brow = b + k * n;
      for (int64_t j = 0; j < n; ++j)
        row[j] += x * brow[j];
    }
  }
}

void loops_jacobi(const float *in, float *out, int64_t n) {
#pragma omp parallel for schedule(static)
  for (int64_t i = 1; i < n - 1; ++i)
    for (int64_t j = 1; j < n - 1; ++j)
      out[i * n + j] = ((in[(i - 1) * n + j] + in[(i + 1) * n + j]) +
                        (in[i * n + j - 1] + in[i * n + j + 1])) *
                       0.25f;
}

void loops_histogram(const int32_t *in, int32_t *hist, int64_t n) {
#pragma omp parallel
  {
    int32_t local[256] = {};
#pragma omp for schedule(static) nowait
    for (int64_t i = 0; i < n; ++i)
      ++local[in[i]];
    for (int v = 0; v < 256; ++v)
#pragma omp atomic
      hist[v] += local[v];
  }
}

void loops_softmax(const float *in, float *out, int64_t rows, int64_t cols) {
#pragma omp parallel for schedule(static)
  for (int64_t r = 0; r < rows; ++r) {
    const float *x = in + r * cols;
    float max = -INFINITY;
    for (int64_t j = 0; j < cols; ++j)
      max = std::fmax(max, x[j]);
    float sum = 0.0f;
    for (int64_t j = 0; j < cols; ++j)
      sum += std::exp(x[j] - max);
    const float inverse = 1.0f / sum;
    for (int64_t j = 0; j < cols; ++j)
      out[r * cols + j] = std::exp(x[j] - max) * inverse;
  }
}

void loops_empty() {
  // An empty asm, as an empty kernel: LLVM's OpenMPOpt deletes a parallel
  // region with no effect.
#pragma omp parallel
  {
    asm volatile("");
  }
}

int loops_max_threads() { return omp_get_max_threads(); }

void loops_set_blocktime(int milliseconds) { kmp_set_blocktime(milliseconds); }

} // extern "C"
