//===- handle_cache.h - Live handles, read without a lock -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A small table, indexed by a hash of a handle, of handles that are live
// (kernels of loaded modules, streams not destroyed), for the launch path,
// which checks a handle here with a load or two and no lock. Handles sit in
// pairs of slots (a handle may be in either slot of its pair, so that two
// handles used in turn that hash alike both stay). Slots are written only
// under the lock of the set that the table caches: a handle goes in when it
// is made or checked, and out when it dies, before that call returns. So a
// handle found here was live (a use racing the handle's own destruction is
// the program's race, as with a driver), and one that is not asks the set.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HANDLE_CACHE_H
#define OFFLOAD_RUNTIME_HANDLE_CACHE_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace mgpu {

namespace detail {
constexpr size_t kHandleCacheSlots = 256;

constexpr size_t HandleCacheSlot(uintptr_t handle) {
  // Fibonacci hashing: the top 8 bits of the product depend on every bit of
  // the address.
  return handle * 0x9e3779b97f4a7c15ull >> 56;
}

/// What an empty slot holds: not null, so that a null handle needs no test
/// of its own; a number below 512, which no handle's address is; one that
/// does not hash to its own pair of slots (checked below), so that no
/// handle meets it where it looks.
constexpr uintptr_t EmptyHandleCacheSlot(size_t slot) { return 256 + slot; }

constexpr bool EmptySlotsHashElsewhere() {
  for (size_t slot = 0; slot < kHandleCacheSlots; ++slot)
    if ((HandleCacheSlot(EmptyHandleCacheSlot(slot)) | 1) == (slot | 1))
      return false;
  return true;
}
static_assert(EmptySlotsHashElsewhere());
} // namespace detail

/// Constant-initialized, every slot empty.
class HandleCache {
public:
  constexpr HandleCache()
      : HandleCache(std::make_index_sequence<detail::kHandleCacheSlots>()) {}

  /// Whether the table holds `handle`.
  bool Holds(const void *handle) const {
    auto address = reinterpret_cast<uintptr_t>(handle);
    size_t slot = detail::HandleCacheSlot(address);
    return slots[slot].load(std::memory_order_acquire) == address ||
           slots[slot ^ 1].load(std::memory_order_acquire) == address;
  }

  /// Puts `handle` in, evicting the older of its pair; under the set's lock.
  void Insert(const void *handle);
  /// Takes `handle` out; under the set's lock.
  void Erase(const void *handle);

private:
  template <size_t... Slot>
  constexpr explicit HandleCache(std::index_sequence<Slot...>)
      : slots{detail::EmptyHandleCacheSlot(Slot)...} {}

  std::atomic<uintptr_t> slots[detail::kHandleCacheSlots];
};

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_HANDLE_CACHE_H
