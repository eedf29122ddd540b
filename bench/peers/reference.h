//===- reference.h - host_peers' oracle --------------------------*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What each of host_peers' kernels must compute, as the plainest sequential
// loops, in double, sharing no code with any column. The benchmark's inputs
// make every result but softmax's exact in float, whatever the order of the
// additions.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_BENCH_PEERS_REFERENCE_H
#define OFFLOAD_BENCH_PEERS_REFERENCE_H

#include <cstdint>
#include <vector>

namespace offload::bench {

std::vector<float> ReferenceVectorAdd(const float *a, const float *b,
                                      int64_t n);
/// The sum of each 256 consecutive elements.
std::vector<float> ReferenceBlockSums(const float *in, int64_t n);
std::vector<float> ReferenceMatmul(const float *a, const float *b, int64_t n);
/// One sweep over the interior; the border is 0.
std::vector<float> ReferenceJacobi(const float *in, int64_t n);
std::vector<int32_t> ReferenceHistogram(const int32_t *in, int64_t n);
std::vector<float> ReferenceSoftmax(const float *in, int64_t rows,
                                    int64_t cols);

} // namespace offload::bench

#endif // OFFLOAD_BENCH_PEERS_REFERENCE_H
