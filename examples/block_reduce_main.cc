//===- block_reduce_main.cc - Host of block_reduce.mlir -------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Sums each block of 256 elements on the device and checks every partial sum
// against the CPU's.
//
//===----------------------------------------------------------------------===//

#include "examples/support/example.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace offload::examples;

extern "C" void _mlir_ciface_block_reduce(MemRef<float, 1> *input,
                                          MemRef<float, 1> *partial);

namespace {

constexpr unsigned kBlock = 256;

} // namespace

int main() {
  const size_t n = 1 << 20, blocks = (n + kBlock - 1) / kBlock;
  std::vector<float> input(n), partial(blocks, -1.0f), want(blocks);
  for (size_t i = 0; i < n; ++i)
    input[i] = float(int(i % 17) - 8) / 8.0f;
  for (size_t b = 0; b < blocks; ++b) {
    double sum = 0;
    for (size_t i = b * kBlock; i < (b + 1) * kBlock && i < n; ++i)
      sum += input[i];
    want[b] = float(sum);
  }
  MemRef<float, 1> in = MemRefOf(input), out = MemRefOf(partial);
  _mlir_ciface_block_reduce(&in, &out);
  // The inputs are multiples of 1/8 with small sums: exact in float.
  return Compare("block_reduce", partial, want);
}
