//===- fast_path.cc - The CUDA backend's fast paths -----------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where mgpuLaunchKernel and mgpuStreamSynchronize jump while the CUDA
// backend's fast paths are on (fast_path.h): the entry point's checks that
// need no call, then the driver's call. Every instruction here is paid by
// every launch (bench/callgrind.sh): the rare ways go out of line.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/fast_path.h"

#include "offload_runtime/entry_points.h"
#include "offload_runtime/launch_geometry.h"
#include "offload_runtime/live_modules.h"

namespace mgpu {
namespace {

/// Sets `cuStream` to `stream`, or when it is null to the thread's own
/// stream as the thread keeps it at hand (null if it has none at hand yet:
/// then the backend's own way finds it); false for a stream that the table
/// of live streams does not hold (the whole way tells a destroyed one).
[[gnu::always_inline]] inline bool ReadyStream(const BackendThreadCache &cache,
                                               MgpuStream stream,
                                               CUstream &cuStream) {
  if (!stream) {
    cuStream = static_cast<CUstream>(cache.stream);
    return true;
  }
  cuStream = reinterpret_cast<CUstream>(stream);
  return IsCachedLiveStream(stream);
}

/// mgpuLaunchKernel the whole way, from the fast path: out of line, with
/// the grid and block as the fast path keeps them, so that the fast path
/// keeps no more of its arguments than it needs for the driver.
[[gnu::noinline, gnu::cold]] void
LaunchKernelWholeWay(MgpuFunctionHandle function, const intptr_t grid[3],
                     const intptr_t block[3], int32_t smem, MgpuStream stream,
                     void **params, void **extra, size_t paramsCount) {
  LaunchKernelThroughBackend(function, grid[0], grid[1], grid[2], block[0],
                             block[1], block[2], smem, stream, params, extra,
                             paramsCount);
}

/// mgpuLaunchKernel with a live kernel, a geometry that the entry point
/// checked and at most the default dynamic shared memory: false, having
/// done nothing, if the calling thread has no CUDA device at hand (the
/// thread's first call on its device) or the stream is not in the table of
/// live streams; else true, the call done. Either way `cache` is the
/// thread's, as read.
[[gnu::always_inline]] inline bool
TryLaunchKernelFast(MgpuFunctionHandle function, const intptr_t grid[3],
                    const intptr_t block[3], int32_t smem, MgpuStream stream,
                    void **params, void **extra,
                    BackendThreadCache &cache) noexcept {
  cache = ReadThreadCache();
  auto *device = static_cast<Device *>(cache.device);
  CUstream cuStream;
  if (__builtin_expect(!device || !ReadyStream(cache, stream, cuStream), 0))
    return false;
  CUkernel kernel =
      ReadyKernel(*reinterpret_cast<CudaKernel *>(function), *device);
  CUcontext current;
  CUresult result;
  // The slow path takes `cuStream` for `stream`: the same stream, or null
  // again (the thread's own, not at hand yet), and one register fewer to
  // keep here.
  if (__builtin_expect(!cuStream || !kernel, 0))
    LaunchKernelSlowly(std::nullopt, function, grid, block, smem, cuStream,
                       params, extra);
  else if (result = device->cuCtxGetCurrent(&current);
           __builtin_expect(result != CUDA_SUCCESS, 0))
    ReportDriverError("mgpuLaunchKernel", *device->driver, result,
                      "cuCtxGetCurrent");
  else if (__builtin_expect(current != device->context, 0))
    LaunchKernelSlowly(current, function, grid, block, smem, cuStream, params,
                       extra);
  // A CUkernel launches as a CUfunction in the current context.
  else if (result = device->cuLaunchKernel(
               reinterpret_cast<CUfunction>(kernel), grid[0], grid[1], grid[2],
               block[0], block[1], block[2], smem, cuStream, params, extra);
           __builtin_expect(result != CUDA_SUCCESS, 0))
    ReportDriverError("mgpuLaunchKernel", *device->driver, result,
                      "cuLaunchKernel");
  return true;
}

/// LaunchKernelFast's body, inline in LaunchKernelAndSynchronizeFast too:
/// `cache` is the thread's once it was read, else left as it was.
[[gnu::always_inline]] inline void
LaunchKernelFastInline(MgpuFunctionHandle function, intptr_t gridX,
                       intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                       intptr_t blockY, intptr_t blockZ, int32_t smem,
                       MgpuStream stream, void **params, void **extra,
                       size_t paramsCount, BackendThreadCache &cache) {
  const intptr_t grid[3] = {gridX, gridY, gridZ};
  const intptr_t block[3] = {blockX, blockY, blockZ};
  // The checks of the whole way that need no call (as unsigned, the shared
  // memory is also at least 0), before the thread's state: the call to
  // __tls_get_addr would have the arguments saved. Anything else goes the
  // whole way.
  if (__builtin_expect(
          IsCachedLiveKernel(function) &&
              CheckGeometry(gridX, gridY, gridZ, blockX, blockY, blockZ,
                            nullptr, 0) == BadGeometry::kNone &&
              uint32_t(smem) <= uint32_t(kDefaultSharedMemoryLimit) &&
              TryLaunchKernelFast(function, grid, block, smem, stream, params,
                                  extra, cache),
          1))
    return;
  LaunchKernelWholeWay(function, grid, block, smem, stream, params, extra,
                       paramsCount);
}

/// SynchronizeStreamFast's body, inline in LaunchKernelAndSynchronizeFast
/// too, with the thread's `cache`.
[[gnu::always_inline]] inline void
SynchronizeStreamFastInline(MgpuStream stream,
                            const BackendThreadCache &cache) {
  auto *device = static_cast<Device *>(cache.device);
  CUstream cuStream;
  if (__builtin_expect(!device || !ReadyStream(cache, stream, cuStream), 0))
    return SynchronizeStreamThroughBackend(stream);
  CUcontext current;
  CUresult result;
  if (__builtin_expect(!cuStream, 0))
    SynchronizeStreamSlowly(std::nullopt, cuStream);
  else if (result = device->cuCtxGetCurrent(&current);
           __builtin_expect(result != CUDA_SUCCESS, 0))
    ReportDriverError("mgpuStreamSynchronize", *device->driver, result,
                      "cuCtxGetCurrent");
  else if (__builtin_expect(current != device->context, 0))
    SynchronizeStreamSlowly(current, cuStream);
  else if (result = device->cuStreamSynchronize(cuStream);
           __builtin_expect(result != CUDA_SUCCESS, 0))
    ReportDriverError("mgpuStreamSynchronize", *device->driver, result,
                      "cuStreamSynchronize");
}

void LaunchKernelFast(MgpuFunctionHandle function, intptr_t gridX,
                      intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                      intptr_t blockY, intptr_t blockZ, int32_t smem,
                      MgpuStream stream, void **params, void **extra,
                      size_t paramsCount) {
  BackendThreadCache cache;
  LaunchKernelFastInline(function, gridX, gridY, gridZ, blockX, blockY, blockZ,
                         smem, stream, params, extra, paramsCount, cache);
}

void SynchronizeStreamFast(MgpuStream stream) {
  SynchronizeStreamFastInline(stream, ReadThreadCache());
}

/// Both in one: a CUDA launch is asynchronous whoever waits for it. The
/// thread's state is read once: nothing between the two halves changes it
/// but the launch's whole way, which it reads again after (the thread's
/// first call, whose whole way found its device).
void LaunchKernelAndSynchronizeFast(MgpuFunctionHandle function, intptr_t gridX,
                                    intptr_t gridY, intptr_t gridZ,
                                    intptr_t blockX, intptr_t blockY,
                                    intptr_t blockZ, int32_t smem,
                                    MgpuStream stream, void **params,
                                    void **extra, size_t paramsCount) {
  BackendThreadCache cache = {};
  LaunchKernelFastInline(function, gridX, gridY, gridZ, blockX, blockY, blockZ,
                         smem, stream, params, extra, paramsCount, cache);
  if (__builtin_expect(!cache.device, 0))
    cache = ReadThreadCache();
  SynchronizeStreamFastInline(stream, cache);
}

} // namespace

const FastPaths kCudaFastPaths = {&LaunchKernelFast, &SynchronizeStreamFast,
                                  &LaunchKernelAndSynchronizeFast};

} // namespace mgpu
