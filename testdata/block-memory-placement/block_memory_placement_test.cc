//===- block_memory_placement_test.cc - A tile's place in its page --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// placement_kernels.mlir's block sums through a 1 KiB tile, run by libmgpu's
// host backend on input that starts at many offsets in its page, and with
// memref offsets: each block's tile must start 1536 bytes past where the
// input's data start, modulo the page (rounded down to the tile's 64-byte
// alignment); and the sums must be those of plain loops.
//
//===----------------------------------------------------------------------===//

#include <gtest/gtest.h>

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace {

/// A 1-D memref's descriptor, as the kernels' C interfaces take it.
template <typename T> using MemRef1 = StridedMemRefType<T, 1>;

} // namespace

extern "C" void _mlir_ciface_place_tile_sums(MemRef1<int32_t> *,
                                             MemRef1<int32_t> *,
                                             MemRef1<intptr_t> *);

namespace {

constexpr int64_t kPage = 4096, kBlock = 256, kBlocks = 37;

/// Runs the block sums on input whose pointer lies `shift` elements past a
/// page and whose memref offset is `offset`; checks the sums and where each
/// block's tile lay.
void CheckPlacement(int64_t shift, int64_t offset) {
  SCOPED_TRACE(testing::Message()
               << "shift " << shift << ", offset " << offset);
  const int64_t n = kBlocks * kBlock;
  const int64_t elements = shift + offset + n;
  auto *memory = static_cast<int32_t *>(std::aligned_alloc(
      kPage, (elements * sizeof(int32_t) + kPage - 1) / kPage * kPage));
  ASSERT_NE(memory, nullptr);
  int32_t *aligned = memory + shift, *data = aligned + offset;
  for (int64_t i = 0; i < n; ++i)
    data[i] = int32_t(i * 2654435761u) >> 8;
  std::vector<int32_t> sums(kBlocks, -1);
  std::vector<intptr_t> where(kBlocks, 0);
  MemRef1<int32_t> in{memory, aligned, offset, {n}, {1}};
  MemRef1<int32_t> out{sums.data(), sums.data(), 0, {kBlocks}, {1}};
  MemRef1<intptr_t> places{where.data(), where.data(), 0, {kBlocks}, {1}};
  _mlir_ciface_place_tile_sums(&in, &out, &places);
  for (int64_t b = 0; b < kBlocks; ++b) {
    uint32_t expected = 0;
    for (int64_t i = 0; i < kBlock; ++i)
      expected += uint32_t(data[b * kBlock + i]);
    EXPECT_EQ(sums[b], int32_t(expected)) << "block " << b;
    ASSERT_EQ(where[b] % 64, 0) << "block " << b;
    int64_t past = (where[b] - reinterpret_cast<intptr_t>(data)) & (kPage - 1);
    EXPECT_LE(past, 1536) << "block " << b;
    EXPECT_GT(past, 1536 - 64) << "block " << b;
  }
  std::free(memory);
}

TEST(BlockMemoryPlacement, TileHalfAPageFromTheInput) {
  for (int64_t shift : {0, 1, 15, 16, 255, 256, 511, 700, 1023})
    CheckPlacement(shift, 0);
}

TEST(BlockMemoryPlacement, CountsTheMemRefOffset) {
  for (int64_t offset : {1, 64, 300, 1024, 5000})
    CheckPlacement(3, offset);
}

} // namespace
