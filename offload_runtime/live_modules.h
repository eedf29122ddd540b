//===- live_modules.h - Modules loaded and not yet unloaded -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The module handles the runtime handed out and that are still loaded, and
// the kernel handles found in them, so that a stale handle is an error
// (MGPU_ERROR_INVALID_HANDLE) instead of a use after free: a module unloaded
// twice, a kernel looked up in an unloaded module, a kernel launched after
// its module's unload. A handle whose address a later load reuses cannot be
// told from the new one, as with the driver's own handles.
//
// A launch checks its kernel without a lock: a small table, indexed by a
// hash of the handle, holds kernels that are live, in pairs of slots (a
// kernel may be in either slot of its pair, so that two kernels launched in
// turn that hash alike both stay). Slots are written only under the lock
// of the sets: a kernel goes in when it is found or checked, and out when
// its module is unloaded, before the unload returns. So a launch that finds
// its kernel in the table finds a kernel that was live (a launch racing the
// unload of its own kernel's module is the program's race, as with the
// driver), and one that does not asks the sets, under a shared lock.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_LIVE_MODULES_H
#define OFFLOAD_RUNTIME_LIVE_MODULES_H

#include "mgpu/mgpu.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace mgpu {

/// Records `module` as loaded.
void AddLiveModule(MgpuModuleHandle module);

/// Forgets `module` and its kernels; false if it was not loaded.
bool RemoveLiveModule(MgpuModuleHandle module);

/// Whether `module` is loaded.
bool IsLiveModule(MgpuModuleHandle module);

/// Records `kernel` as found in `module`, which is loaded. Again is nothing.
void AddLiveKernel(MgpuModuleHandle module, MgpuFunctionHandle kernel);

namespace detail {
constexpr size_t kLiveKernelSlots = 256;

constexpr size_t LiveKernelSlot(uintptr_t kernel) {
  // Fibonacci hashing: the top 8 bits of the product depend on every bit of
  // the address.
  return kernel * 0x9e3779b97f4a7c15ull >> 56;
}

/// What an empty slot holds: not null, so that a null kernel needs no test
/// of its own; a number below 512, which no kernel's address is; one that
/// does not hash to its own pair of slots (checked below), so that no
/// handle meets it where it looks.
constexpr uintptr_t EmptyLiveKernelSlot(size_t slot) { return 256 + slot; }

constexpr bool EmptySlotsHashElsewhere() {
  for (size_t slot = 0; slot < kLiveKernelSlots; ++slot)
    if ((LiveKernelSlot(EmptyLiveKernelSlot(slot)) | 1) == (slot | 1))
      return false;
  return true;
}
static_assert(EmptySlotsHashElsewhere());

/// The table of live kernels (above), as addresses; constant-initialized,
/// every slot empty.
struct LiveKernelTable {
  constexpr LiveKernelTable()
      : LiveKernelTable(std::make_index_sequence<kLiveKernelSlots>()) {}
  template <size_t... Slot>
  constexpr explicit LiveKernelTable(std::index_sequence<Slot...>)
      : slots{EmptyLiveKernelSlot(Slot)...} {}

  std::atomic<uintptr_t> slots[kLiveKernelSlots];
};
extern LiveKernelTable liveKernels;

bool IsLiveKernelLocked(MgpuFunctionHandle kernel);
} // namespace detail

/// Whether the table (above) holds `kernel`: then it was found in a module
/// that is still loaded. A load or two, inline, and no call: for the launch
/// path, which asks IsLiveKernel when it is not there.
inline bool IsCachedLiveKernel(MgpuFunctionHandle kernel) {
  auto address = reinterpret_cast<uintptr_t>(kernel);
  size_t slot = detail::LiveKernelSlot(address);
  const auto &slots = detail::liveKernels.slots;
  return slots[slot].load(std::memory_order_acquire) == address ||
         slots[slot ^ 1].load(std::memory_order_acquire) == address;
}

/// Whether `kernel` was found in a module that is still loaded.
inline bool IsLiveKernel(MgpuFunctionHandle kernel) {
  return IsCachedLiveKernel(kernel) || detail::IsLiveKernelLocked(kernel);
}

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_LIVE_MODULES_H
