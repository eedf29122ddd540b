//===- launch_geometry.h - The checks of a launch's geometry ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every backend launches what cuLaunchKernel would: the entry points check a
// launch's geometry here, once for all of them, and a backend's fast path
// (backend.h) checks it with the same inline code.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_LAUNCH_GEOMETRY_H
#define OFFLOAD_RUNTIME_LAUNCH_GEOMETRY_H

#include "offload_runtime/status.h"

#include <cstdint>
#include <string_view>

namespace mgpu {

/// What is wrong with a launch's geometry: the first check that fails.
enum class BadGeometry { kNone, kGrid, kBlock, kThreads, kSmem, kCluster };

/// Checks a launch's geometry as cuLaunchKernel checks it (GeometryError
/// says what is wrong); `cluster` is null for a launch without one. By
/// value, so that the fast path checks the registers it was called with.
[[gnu::always_inline]] inline BadGeometry
CheckGeometry(intptr_t gridX, intptr_t gridY, intptr_t gridZ, intptr_t blockX,
              intptr_t blockY, intptr_t blockZ, const intptr_t *cluster,
              int32_t smem) {
  // Unsigned, so that one comparison checks both ends: a size below 1 wraps
  // past every maximum.
  auto within = [](intptr_t size, uintptr_t most) {
    return uintptr_t(size) - 1 < most;
  };
  if (!within(gridX, 0x7fffffff))
    return BadGeometry::kGrid;
  if (!within(blockX, 1024))
    return BadGeometry::kBlock;
  if (!within(gridY, 65535))
    return BadGeometry::kGrid;
  if (!within(blockY, 1024))
    return BadGeometry::kBlock;
  if (!within(gridZ, 65535))
    return BadGeometry::kGrid;
  if (!within(blockZ, 64))
    return BadGeometry::kBlock;
  if (blockX * blockY * blockZ > 1024)
    return BadGeometry::kThreads;
  if (smem < 0)
    return BadGeometry::kSmem;
  const intptr_t grid[3] = {gridX, gridY, gridZ};
  for (int i = 0; cluster && i < 3; ++i)
    if (cluster[i] < 1 || grid[i] % cluster[i] != 0)
      return BadGeometry::kCluster;
  return BadGeometry::kNone;
}

/// The error of a geometry that CheckGeometry refused as `bad`.
[[gnu::cold]] Status GeometryError(BadGeometry bad, const intptr_t grid[3],
                                   const intptr_t block[3],
                                   const intptr_t *cluster, int32_t smem);

/// The error of a launch whose block (with `grid`, whose grid) is
/// `launched`, where kernel `name` was compiled for `compiled` alone (its
/// known_block_size, known_grid_size).
[[gnu::cold]] Status CompiledSizeError(std::string_view name, bool grid,
                                       const uint32_t compiled[3],
                                       const uint32_t launched[3]);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_LAUNCH_GEOMETRY_H
