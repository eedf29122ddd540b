//===- memref_reach_test.cc - The host memory a memref reaches ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The bytes a memref's descriptor reaches, computed by hand for each case:
// the Vulkan backend imports exactly these pages of plain host memory.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/memref_reach.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <vector>

namespace mgpu::vulkan {
namespace {

/// The launch parameters of one descriptor at argument 0: allocated and
/// aligned pointers, offset, sizes, strides.
struct Descriptor {
  std::vector<int64_t> fields;
  std::vector<void *> params;

  Descriptor(uint64_t aligned, int64_t offset, std::vector<int64_t> sizes,
             std::vector<int64_t> strides) {
    fields = {0, int64_t(aligned), offset};
    fields.insert(fields.end(), sizes.begin(), sizes.end());
    fields.insert(fields.end(), strides.begin(), strides.end());
    for (int64_t &field : fields)
      params.push_back(&field);
  }

  StatusOr<MemRefReach> Reach(uint32_t elementBytes) const {
    object_format::SpirvMemRef memref;
    memref.rank = uint32_t((fields.size() - 3) / 2);
    memref.elementBytes = elementBytes;
    return ReachOf(memref, params.data(),
                   [] { return std::string("parameter 1 of kernel 'k'"); });
  }
};

void ExpectReach(StatusOr<MemRefReach> reach, uint64_t first, uint64_t bytes) {
  ASSERT_TRUE(reach.ok()) << reach.status().text();
  EXPECT_EQ(reach->first, first);
  EXPECT_EQ(reach->bytes, bytes);
}

TEST(MemRefReach, ContiguousAndStrided) {
  // memref<100xf32>.
  ExpectReach(Descriptor(0x1000, 0, {100}, {1}).Reach(4), 0x1000, 400);
  // Column 5 of rows 1 to 4 of a 6x8 i32 matrix: elements 13, 21, 29, 37.
  ExpectReach(Descriptor(0x1000, 13, {4}, {8}).Reach(4), 0x1000 + 13 * 4,
              (37 - 13 + 1) * 4);
  // A 3x4 view of f64 of offset 2 and strides 10 and 2: elements 2 to 2 +
  // 2 * 10 + 3 * 2 = 28.
  ExpectReach(Descriptor(0x8000, 2, {3, 4}, {10, 2}).Reach(8), 0x8000 + 16,
              27 * 8);
  // Rank 0: its one element.
  ExpectReach(Descriptor(0x2000, 5, {}, {}).Reach(2), 0x2000 + 10, 2);
}

TEST(MemRefReach, NegativeStridesReachBelowTheOffset) {
  // The reverse of 4 elements: offset 3, stride -1, elements 3 down to 0.
  ExpectReach(Descriptor(0x1000, 3, {4}, {-1}).Reach(4), 0x1000, 16);
  // Rows backwards, columns forwards: offset 20, strides -10 and 1, over
  // 3 x 5: elements 0 to 24.
  ExpectReach(Descriptor(0x1000, 20, {3, 5}, {-10, 1}).Reach(1), 0x1000, 25);
  // A stride of 0 (a broadcast) reaches one element.
  ExpectReach(Descriptor(0x1000, 0, {1000}, {0}).Reach(4), 0x1000, 4);
}

TEST(MemRefReach, NoElementsReachNothing) {
  ExpectReach(Descriptor(0x1000, 0, {0}, {1}).Reach(4), 0, 0);
  // Whatever the other sizes and strides, even ones past the address space.
  ExpectReach(Descriptor(0x1000, 0, {INT64_MAX, 0}, {INT64_MAX, 1}).Reach(4), 0,
              0);
}

TEST(MemRefReach, ImpossibleDescriptorsAreErrors) {
  StatusOr<MemRefReach> negative =
      Descriptor(0x1000, 0, {4, -1}, {1, 1}).Reach(4);
  ASSERT_FALSE(negative.ok());
  EXPECT_EQ(
      negative.status().text(),
      "parameter 1 of kernel 'k' is a memref whose size in dimension 1 is -1");
  for (const Descriptor &outside : {
           // Below address 0.
           Descriptor(0x1000, -0x1000, {2}, {1}),
           // Past 2^64: a size near 2^63 of 8-byte elements.
           Descriptor(0x1000, 0, {INT64_MAX}, {1}),
           // A product of a size and a stride past 2^63, which 64 bits wrap.
           Descriptor(0x1000, 0, {INT64_MAX, 3}, {INT64_MAX, 1}),
           // INT64_MIN strides and offsets.
           Descriptor(0x1000, INT64_MIN, {1}, {1}),
           Descriptor(0x1000, 0, {2}, {INT64_MIN}),
       }) {
    StatusOr<MemRefReach> reach = outside.Reach(8);
    ASSERT_FALSE(reach.ok());
    EXPECT_NE(reach.status().text().find("place elements outside the address "
                                         "space"),
              std::string::npos)
        << reach.status().text();
  }
  // The last byte of the address space is reachable; one past it is not.
  ExpectReach(Descriptor(UINT64_MAX, 0, {1}, {1}).Reach(1), UINT64_MAX, 1);
}

} // namespace
} // namespace mgpu::vulkan
