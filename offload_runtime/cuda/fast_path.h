//===- fast_path.h - The CUDA launch path, inline in the entry points -----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A loop of synchronous launches calls mgpuLaunchKernel and
// mgpuStreamSynchronize, and little else. Once the CUDA backend's fast paths
// are on (FastPaths, backend.h: it is the process's backend and tracing is
// off), those entry points jump to LaunchKernelFast and SynchronizeStreamFast
// (fast_path.cc), which go on here, inline: if the calling thread has a CUDA
// device at hand (ThreadDevice::cache, which this backend fills only while
// its fast paths are on), with the kernel and the stream that the device and
// the thread have used before (CudaKernel::byDevice, the thread's own
// stream), one cuCtxGetCurrent checks that its context is current and the
// driver's call follows. No virtual call, no Status, no lock, one read of
// thread-local storage. Anything else goes on out of line: a first use or
// another context current through the CUDA backend's own operations
// (cuda_backend.cc), from what was found here; a kernel that the table of
// live kernels does not hold, a geometry that is not launchable, or more
// than the default dynamic shared memory, the entry point's whole way
// (entry_points.h). A failure is reported as the entry point's, as anywhere.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_FAST_PATH_H
#define OFFLOAD_RUNTIME_CUDA_FAST_PATH_H

#include "mgpu/mgpu.h"

#include "offload_runtime/backend.h"
#include "offload_runtime/cuda/device.h"
#include "offload_runtime/cuda/module.h"
#include "offload_runtime/cuda/stream_pool.h"
#include "offload_runtime/thread_device.h"

#include <optional>

namespace mgpu {

/// The rest of TryLaunchKernelFast: Backend::Launch, as the CUDA backend
/// does it (CudaBackend::LaunchIn), from what cuCtxGetCurrent said if it
/// was asked (`current`), reporting its errors as mgpuLaunchKernel.
void LaunchKernelSlowly(std::optional<CUcontext> current,
                        MgpuFunctionHandle function, const intptr_t grid[3],
                        const intptr_t block[3], int32_t smem, CUstream stream,
                        void **params, void **extra);

/// The rest of TrySynchronizeStreamFast, likewise.
void SynchronizeStreamSlowly(std::optional<CUcontext> current, CUstream stream);

/// Reports the driver's failed `call` as `entryPoint`'s error.
[[gnu::cold]] void ReportDriverError(const char *entryPoint,
                                     const CudaDriver &driver, CUresult result,
                                     const char *call) noexcept;

/// What the calling thread keeps at hand (ThreadDevice::cache), read once:
/// else GCC may compute the address of the thread's ThreadDevice again
/// (another __tls_get_addr) rather than keep it in a register.
[[gnu::always_inline]] inline BackendThreadCache ReadThreadCache() {
  BackendThreadCache cache = CurrentThreadDevice().cache;
  asm("" : "+r"(cache.device), "+r"(cache.stream));
  return cache;
}

/// mgpuLaunchKernel with a live kernel, a geometry that the entry point
/// checked and at most the default dynamic shared memory: false, having done
/// nothing, if the calling thread has no CUDA device at hand (another
/// backend, tracing, the thread's first call on its device); else true,
/// the call done. Inline: a call of its own would cost more than the rest
/// (saving and passing the arguments).
[[gnu::always_inline]] inline bool
TryLaunchKernelFast(MgpuFunctionHandle function, const intptr_t grid[3],
                    const intptr_t block[3], int32_t smem, MgpuStream stream,
                    void **params, void **extra) noexcept {
  BackendThreadCache cache = ReadThreadCache();
  auto *device = static_cast<Device *>(cache.device);
  if (__builtin_expect(!device, 0))
    return false;
  CUkernel kernel =
      ReadyKernel(*reinterpret_cast<CudaKernel *>(function), *device);
  CUstream cuStream = ReadyStream(cache, reinterpret_cast<CUstream>(stream));
  CUcontext current;
  CUresult result;
  // The slow path takes `cuStream` for `stream`: the same stream, or null
  // again, and one register fewer to keep here.
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

/// mgpuStreamSynchronize: false, having done nothing, if the calling thread
/// has no CUDA device at hand; else true, the call done.
[[gnu::always_inline]] inline bool
TrySynchronizeStreamFast(MgpuStream stream) noexcept {
  BackendThreadCache cache = ReadThreadCache();
  auto *device = static_cast<Device *>(cache.device);
  if (__builtin_expect(!device, 0))
    return false;
  CUstream cuStream = ReadyStream(cache, reinterpret_cast<CUstream>(stream));
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
  return true;
}

/// The CUDA backend's fast paths (fast_path.cc).
extern const FastPaths kCudaFastPaths;

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_FAST_PATH_H
