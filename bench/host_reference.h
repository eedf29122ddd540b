//===- host_reference.h - The host benchmark's plain C++ loops ---*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the host-target benchmark's kernels compute, written as plain C++
// loops split over `threads` std::threads; built by clang++-22 -O2 on its own
// (bench/BUILD.bazel), whatever compiler builds the rest.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_BENCH_HOST_REFERENCE_H
#define OFFLOAD_BENCH_HOST_REFERENCE_H

#include <cstddef>

namespace offload::bench {

/// c = a + b.
void ReferenceVectorAdd(const float *a, const float *b, float *c, size_t n,
                        unsigned threads);

/// partial[i] = the sum of in[256 i .. 256 i + 255] (zeros past n).
void ReferenceBlockReduce(const float *in, float *partial, size_t n,
                          unsigned threads);

/// C = A B, n x n row-major.
void ReferenceMatmul(const float *a, const float *b, float *c, size_t n,
                     unsigned threads);

} // namespace offload::bench

#endif // OFFLOAD_BENCH_HOST_REFERENCE_H
