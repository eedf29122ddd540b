//===- fast_path.cc - The CUDA backend's fast paths -----------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where mgpuLaunchKernel and mgpuStreamSynchronize jump while the CUDA
// backend's fast paths are on (fast_path.h): the entry point's checks that
// need no call, then the driver's call.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/fast_path.h"

#include "offload_runtime/entry_points.h"
#include "offload_runtime/launch_geometry.h"
#include "offload_runtime/live_modules.h"

namespace mgpu {
namespace {

void LaunchKernelFast(MgpuFunctionHandle function, intptr_t gridX,
                      intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                      intptr_t blockY, intptr_t blockZ, int32_t smem,
                      MgpuStream stream, void **params, void **extra,
                      size_t paramsCount) {
  const intptr_t grid[3] = {gridX, gridY, gridZ};
  const intptr_t block[3] = {blockX, blockY, blockZ};
  // The checks of the whole way that need no call (as unsigned, the shared
  // memory is also at least 0); anything else goes the whole way.
  if (__builtin_expect(
          IsCachedLiveKernel(function) &&
              CheckGeometry(gridX, gridY, gridZ, blockX, blockY, blockZ,
                            nullptr, 0) == BadGeometry::kNone &&
              uint32_t(smem) <= uint32_t(kDefaultSharedMemoryLimit) &&
              TryLaunchKernelFast(function, grid, block, smem, stream, params,
                                  extra),
          1))
    return;
  LaunchKernelThroughBackend(function, gridX, gridY, gridZ, blockX, blockY,
                             blockZ, smem, stream, params, extra, paramsCount);
}

void SynchronizeStreamFast(MgpuStream stream) {
  if (__builtin_expect(!TrySynchronizeStreamFast(stream), 0))
    SynchronizeStreamThroughBackend(stream);
}

} // namespace

const FastPaths kCudaFastPaths = {&LaunchKernelFast, &SynchronizeStreamFast};

} // namespace mgpu
