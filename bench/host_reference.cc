//===- host_reference.cc - The host benchmark's plain C++ loops -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "bench/host_reference.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace offload::bench {
namespace {

/// body(begin, end) over [0, count) in `threads` contiguous parts, the
/// calling thread taking the first.
template <typename Body>
void SplitOverThreads(size_t count, unsigned threads, Body body) {
  size_t part = (count + threads - 1) / threads;
  std::vector<std::thread> others;
  for (unsigned t = 1; t < threads; ++t) {
    size_t begin = std::min(count, t * part);
    size_t end = std::min(count, begin + part);
    others.emplace_back([=] { body(begin, end); });
  }
  body(0, std::min(count, part));
  for (std::thread &other : others)
    other.join();
}

} // namespace

void ReferenceVectorAdd(const float *a, const float *b, float *c, size_t n,
                        unsigned threads) {
  SplitOverThreads(n, threads, [=](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      c[i] = a[i] + b[i];
  });
}

void ReferenceBlockReduce(const float *in, float *partial, size_t n,
                          unsigned threads) {
  constexpr size_t kBlock = 256;
  size_t blocks = (n + kBlock - 1) / kBlock;
  SplitOverThreads(blocks, threads, [=](size_t begin, size_t end) {
    for (size_t block = begin; block < end; ++block) {
      float sum = 0;
      for (size_t i = block * kBlock; i < (block + 1) * kBlock && i < n; ++i)
        sum += in[i];
      partial[block] = sum;
    }
  });
}

void ReferenceMatmul(const float *a, const float *b, float *c, size_t n,
                     unsigned threads) {
  SplitOverThreads(n, threads, [=](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      float *row = c + i * n;
      std::fill(row, row + n, 0.0f);
      for (size_t k = 0; k < n; ++k) {
        float aik = a[i * n + k];
        for (size_t j = 0; j < n; ++j)
          row[j] += aik * b[k * n + j];
      }
    }
  });
}

} // namespace offload::bench
