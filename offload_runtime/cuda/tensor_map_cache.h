//===- tensor_map_cache.h - Device copies of tensor maps --------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Kernels read a TMA descriptor from device memory. Repeated launches with
// the same tensors reuse one copy per distinct map and device, where
// upstream's runtime allocates a new one on every call and never frees it.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_TENSOR_MAP_CACHE_H
#define OFFLOAD_RUNTIME_CUDA_TENSOR_MAP_CACHE_H

#include "offload_runtime/cuda/cuda_driver_api.h"
#include "offload_runtime/cuda/device.h"
#include "offload_runtime/status.h"

#include <unordered_map>

#include <mutex>
#include <string>
#include <utility>

namespace mgpu {

class TensorMapCache {
public:
  /// The device copy of `map` on `device`, made on first use; copies live as
  /// long as the process.
  StatusOr<void *> GetDeviceCopy(Device &device, const CUtensorMap &map);

private:
  std::mutex mutex;
  std::unordered_map<std::pair<int, std::string>, CUdeviceptr, PairHash> copies;
};

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_TENSOR_MAP_CACHE_H
