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
#include "offload_runtime/live_handles.h"
#include "offload_runtime/thread_device.h"

#include <optional>

namespace mgpu {

/// The rest of LaunchKernelFast: Backend::Launch, as the CUDA backend
/// does it (CudaBackend::LaunchIn), from what cuCtxGetCurrent said if it
/// was asked (`current`), reporting its errors as mgpuLaunchKernel.
void LaunchKernelSlowly(std::optional<CUcontext> current,
                        MgpuFunctionHandle function, const intptr_t grid[3],
                        const intptr_t block[3], int32_t smem, CUstream stream,
                        void **params, void **extra);

/// The rest of SynchronizeStreamFast, likewise.
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

/// The CUDA backend's fast paths (fast_path.cc).
extern const FastPaths kCudaFastPaths;

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_FAST_PATH_H
