//===- cuda_driver.h - The CUDA driver, loaded at first use -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The runtime never links libcuda: a program that uses it starts, and runs its
// CPU parts, on a machine without a driver. The driver is opened at first use
// (dlopen of $MGPU_CUDA_DRIVER, else libcuda.so.1) and every entry point is
// resolved through cuGetProcAddress into one table, with the signatures of
// cuda_driver_api.h: building the runtime needs no CUDA toolkit.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_CUDA_DRIVER_H
#define OFFLOAD_RUNTIME_CUDA_CUDA_DRIVER_H

#include "offload_runtime/cuda/cuda_driver_api.h"
#include "offload_runtime/status.h"

#include <string>

namespace mgpu {

struct CudaDriver {
#define MGPU_CUDA_ENTRY(name) decltype(&mgpu::name) name = nullptr;
#include "offload_runtime/cuda/cuda_driver_symbols.inc"
#undef MGPU_CUDA_ENTRY
  /// The library it was loaded from, as it was named to dlopen.
  std::string path;
};

/// The driver, loaded and initialized (cuInit) on the first call; the same
/// table or the same error afterwards. Thread-safe.
StatusOr<const CudaDriver *> GetCudaDriver();

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_CUDA_DRIVER_H
