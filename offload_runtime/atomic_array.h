//===- atomic_array.h - An array of atomics, each set -----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What a backend keeps per device or per object and reads without a lock (a
// module's kernel per device, the object chosen for each).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_ATOMIC_ARRAY_H
#define OFFLOAD_RUNTIME_ATOMIC_ARRAY_H

#include <atomic>
#include <cstddef>
#include <memory>

namespace mgpu {

/// `size` atomics, each `value`.
template <typename T>
std::unique_ptr<std::atomic<T>[]> MakeAtomics(size_t size, T value) {
  auto atomics = std::make_unique<std::atomic<T>[]>(size);
  for (size_t i = 0; i < size; ++i)
    atomics[i].store(value, std::memory_order_relaxed);
  return atomics;
}

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_ATOMIC_ARRAY_H
