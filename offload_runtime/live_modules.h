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
// A launch checks its kernel without a lock, in a table of live kernels
// (handle_cache.h): a kernel goes in when it is found or checked, and out
// when its module is unloaded, before the unload returns; one that is not
// there asks the sets, under a shared lock.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_LIVE_MODULES_H
#define OFFLOAD_RUNTIME_LIVE_MODULES_H

#include "mgpu/mgpu.h"

#include "offload_runtime/handle_cache.h"

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
extern HandleCache liveKernels;

bool IsLiveKernelLocked(MgpuFunctionHandle kernel);
} // namespace detail

/// Whether the table (above) holds `kernel`: then it was found in a module
/// that is still loaded. A load or two, inline, and no call: for the launch
/// path, which asks IsLiveKernel when it is not there.
inline bool IsCachedLiveKernel(MgpuFunctionHandle kernel) {
  return detail::liveKernels.Holds(kernel);
}

/// Whether `kernel` was found in a module that is still loaded.
inline bool IsLiveKernel(MgpuFunctionHandle kernel) {
  return IsCachedLiveKernel(kernel) || detail::IsLiveKernelLocked(kernel);
}

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_LIVE_MODULES_H
