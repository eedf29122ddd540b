//===- live_modules.h - Modules loaded and not yet unloaded -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The entry points record every module a backend hands out, so that unloading
// one twice, or looking a kernel up in one already unloaded, is an error
// (CUDA_ERROR_INVALID_HANDLE) instead of a use after free. Looked up on loads,
// unloads and kernel lookups only, never on a launch. A handle whose address
// a later load reuses cannot be told from the new one, as with the driver's
// own handles.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_LIVE_MODULES_H
#define OFFLOAD_RUNTIME_LIVE_MODULES_H

#include "mgpu/mgpu.h"

namespace mgpu {

/// Records `module` as loaded.
void AddLiveModule(MgpuModuleHandle module);

/// Forgets `module`; false if it was not loaded.
bool RemoveLiveModule(MgpuModuleHandle module);

/// Whether `module` is loaded.
bool IsLiveModule(MgpuModuleHandle module);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_LIVE_MODULES_H
