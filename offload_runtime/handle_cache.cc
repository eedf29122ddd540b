//===- handle_cache.cc - Live handles, read without a lock ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/handle_cache.h"

namespace mgpu {

void HandleCache::Insert(const void *handle) {
  auto address = reinterpret_cast<uintptr_t>(handle);
  size_t slot = detail::HandleCacheSlot(address);
  uintptr_t first = slots[slot].load(std::memory_order_relaxed);
  if (first == address ||
      slots[slot ^ 1].load(std::memory_order_relaxed) == address)
    return;
  if (first != detail::EmptyHandleCacheSlot(slot))
    slots[slot ^ 1].store(first, std::memory_order_release);
  slots[slot].store(address, std::memory_order_release);
}

void HandleCache::Erase(const void *handle) {
  auto address = reinterpret_cast<uintptr_t>(handle);
  size_t first = detail::HandleCacheSlot(address);
  for (size_t slot : {first, first ^ 1}) {
    std::atomic<uintptr_t> &entry = slots[slot];
    if (entry.load(std::memory_order_relaxed) == address)
      entry.store(detail::EmptyHandleCacheSlot(slot),
                  std::memory_order_release);
  }
}

} // namespace mgpu
