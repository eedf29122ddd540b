//===- memref_reach.cc - The host memory a memref parameter reaches -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/memref_reach.h"

#include <cstring>

namespace mgpu::vulkan {
namespace {

/// Launch parameter `index`: a descriptor's field of 8 bytes.
template <typename T> T Field(void *const *params, uint32_t index) {
  T value;
  std::memcpy(&value, params[index], sizeof(value));
  return value;
}

} // namespace

StatusOr<MemRefReach> ReachOf(const object_format::SpirvMemRef &memref,
                              void *const *params,
                              const std::function<std::string()> &name) {
  const uint32_t first = memref.firstArgument;
  const auto aligned = Field<uint64_t>(params, first + 1);
  const auto size = [&](uint32_t i) {
    return Field<int64_t>(params, first + 3 + i);
  };
  const auto stride = [&](uint32_t i) {
    return Field<int64_t>(params, first + 3 + memref.rank + i);
  };
  const auto outside = [&] {
    return RuntimeError(
        MGPU_ERROR_INVALID_VALUE,
        StrCat(name(), " is a memref at ", reinterpret_cast<void *>(aligned),
               " whose offset, sizes and strides place elements outside the "
               "address space"));
  };
  bool empty = false;
  for (uint32_t i = 0; i < memref.rank; ++i) {
    if (size(i) < 0)
      return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                          StrCat(name(),
                                 " is a memref whose size in dimension ", i,
                                 " is ", size(i)));
    empty |= size(i) == 0;
  }
  if (empty)
    return MemRefReach{};
  // The lowest and highest element, from the aligned pointer, 128 bits
  // wide: a size times a stride is below 2^126, and a sum past 2^65
  // elements, which only grows, is outside the address space.
  constexpr __int128 kBeyond = __int128(1) << 65;
  __int128 low = Field<int64_t>(params, first + 2), high = low;
  for (uint32_t i = 0; i < memref.rank; ++i) {
    const __int128 span = __int128(size(i) - 1) * stride(i);
    (span < 0 ? low : high) += span;
    if (low < -kBeyond || high > kBeyond)
      return outside();
  }
  const __int128 start = __int128(aligned) + low * memref.elementBytes;
  const __int128 end = __int128(aligned) + (high + 1) * memref.elementBytes;
  // The last byte of the address space is in it: `end` may be 2^64.
  if (start < 0 || end > (__int128(1) << 64))
    return outside();
  return MemRefReach{uint64_t(start), uint64_t(end - start)};
}

} // namespace mgpu::vulkan
