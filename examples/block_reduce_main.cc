//===- block_reduce_main.cc - Host of block_reduce.mlir -------------------===//
//
// Part of mlir-offload.
//
// Sums each block of 256 elements on the GPU and checks every partial sum
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

/// Sums as the kernel does, pairwise halving, so that rounding agrees.
void BlockSumStandIn(const FakeCudaLaunch *launch, void **raw, void *) {
  if (launch->block[0] != kBlock ||
      launch->sharedMemBytes < kBlock * sizeof(float)) {
    std::printf("block_reduce: launched with %u threads and %u bytes of "
                "shared memory, expected %u and at least %zu\n",
                launch->block[0], launch->sharedMemBytes, kBlock,
                kBlock * sizeof(float));
    std::exit(1);
  }
  KernelParams params(raw);
  const float *in = params.MemRef1D<float>();
  float *partial = params.MemRef1D<float>();
  uint64_t n = params.Scalar<uint64_t>();
  for (unsigned block = 0; block < launch->grid[0]; ++block) {
    float tile[kBlock];
    for (unsigned t = 0; t < kBlock; ++t) {
      uint64_t i = uint64_t(block) * kBlock + t;
      tile[t] = i < n ? in[i] : 0.0f;
    }
    for (unsigned half = kBlock / 2; half > 0; half /= 2)
      for (unsigned t = 0; t < half; ++t)
        tile[t] += tile[t + half];
    partial[block] = tile[0];
  }
}

} // namespace

int main() {
  StandInForKernel("block_sum", BlockSumStandIn);
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
