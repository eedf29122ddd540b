//===- entry_points.h - The launch loop's entry points, the whole way -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// mgpuLaunchKernel, mgpuStreamSynchronize and mgpuLaunchKernelAndSynchronize
// (both in one) jump to the process's backend's
// fast paths (backend.h) once they are on, and else take the whole way:
// the entry point's checks, the trace, Backend and the error policy. A fast
// path that cannot do a call hands it to the whole way here, with the
// arguments it was given.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_ENTRY_POINTS_H
#define OFFLOAD_RUNTIME_ENTRY_POINTS_H

#include "offload_runtime/backend.h"

#include <atomic>

namespace mgpu {

/// mgpuLaunchKernel through RunEntryPoint and Backend::Launch.
[[gnu::noinline]] void LaunchKernelThroughBackend(
    MgpuFunctionHandle function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
    intptr_t blockX, intptr_t blockY, intptr_t blockZ, int32_t smem,
    MgpuStream stream, void **params, void **extra, size_t paramsCount);

/// mgpuStreamSynchronize through RunEntryPoint and Backend.
[[gnu::noinline]] void SynchronizeStreamThroughBackend(MgpuStream stream);

/// mgpuLaunchKernelAndSynchronize: its launch through RunEntryPoint (as
/// mgpuLaunchKernel) and Backend::LaunchAwaited, then
/// SynchronizeStreamThroughBackend.
[[gnu::noinline]] void LaunchKernelAndSynchronizeThroughBackend(
    MgpuFunctionHandle function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
    intptr_t blockX, intptr_t blockY, intptr_t blockZ, int32_t smem,
    MgpuStream stream, void **params, void **extra, size_t paramsCount);

namespace detail {
/// Where the three entry points go: the whole way, or the backend's fast
/// paths once they are on (backends.cc).
/// libmgpu.so's own (hidden), under the assembler names that the entry
/// points jump through (mgpu_api.cc).
extern std::atomic<LaunchKernelFn>
    launchKernel __asm__("mgpu_detail_launchKernel")
        __attribute__((visibility("hidden")));
extern std::atomic<StreamSynchronizeFn>
    streamSynchronize __asm__("mgpu_detail_streamSynchronize")
        __attribute__((visibility("hidden")));
extern std::atomic<LaunchKernelFn>
    launchKernelAndSynchronize __asm__("mgpu_detail_launchKernelAndSynchronize")
        __attribute__((visibility("hidden")));
} // namespace detail

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_ENTRY_POINTS_H
