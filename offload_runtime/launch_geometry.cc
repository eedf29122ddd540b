//===- launch_geometry.cc - The checks of a launch's geometry -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/launch_geometry.h"

#include <string>

namespace mgpu {
namespace {

std::string Dims(intptr_t x, intptr_t y, intptr_t z) {
  return StrCat("(", x, ", ", y, ", ", z, ")");
}

Status InvalidValue(std::string message) {
  return RuntimeError(MGPU_ERROR_INVALID_VALUE, std::move(message));
}

} // namespace

Status GeometryError(BadGeometry bad, const intptr_t grid[3],
                     const intptr_t block[3], const intptr_t *cluster,
                     int32_t smem) {
  switch (bad) {
  case BadGeometry::kGrid:
    return InvalidValue(StrCat(
        "the grid ", Dims(grid[0], grid[1], grid[2]),
        " is not a launchable grid: each size must be at least 1, and at "
        "most 2147483647 along x and 65535 along y and z"));
  case BadGeometry::kBlock:
    return InvalidValue(
        StrCat("the block ", Dims(block[0], block[1], block[2]),
               " is not a launchable block: each size must be at least 1, "
               "and at most 1024 along x and y and 64 along z"));
  case BadGeometry::kThreads:
    return InvalidValue(StrCat("the block ", Dims(block[0], block[1], block[2]),
                               " has ", block[0] * block[1] * block[2],
                               " threads; a block has at most 1024"));
  case BadGeometry::kSmem:
    return InvalidValue(StrCat("the launch asks for ", smem,
                               " bytes of dynamic shared memory"));
  case BadGeometry::kCluster:
    return InvalidValue(
        StrCat("the cluster ", Dims(cluster[0], cluster[1], cluster[2]),
               " does not tile the grid ", Dims(grid[0], grid[1], grid[2]),
               ": each size must be at least 1 and divide the grid's"));
  case BadGeometry::kNone:
    break;
  }
  return OkStatus();
}

Status CompiledSizeError(std::string_view name, bool grid,
                         const uint32_t compiled[3],
                         const uint32_t launched[3]) {
  const char *what = grid ? "grid" : "block";
  return InvalidValue(
      StrCat("kernel '", name, "' was compiled for ", what, "s of ",
             Dims(compiled[0], compiled[1], compiled[2]), " (known_", what,
             "_size); it cannot launch with the ", what, " ",
             Dims(launched[0], launched[1], launched[2])));
}

} // namespace mgpu
