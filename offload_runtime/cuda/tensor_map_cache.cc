//===- tensor_map_cache.cc - Device copies of tensor maps -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/tensor_map_cache.h"

#include "offload_runtime/cuda/cuda_error.h"

namespace mgpu {

StatusOr<void *> TensorMapCache::GetDeviceCopy(Device &device,
                                               const CUtensorMap &map) {
  std::string key(reinterpret_cast<const char *>(&map), sizeof(map));
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = copies.try_emplace({device.ordinal, key}, 0);
  if (!inserted)
    return reinterpret_cast<void *>(it->second);
  CUdeviceptr copy = 0;
  const CudaDriver &driver = *device.driver;
  if (CUresult result = driver.cuMemAlloc(&copy, sizeof(map));
      result != CUDA_SUCCESS) {
    copies.erase(it);
    return CudaError(driver, result, "cuMemAlloc");
  }
  if (CUresult result = driver.cuMemcpyHtoD(copy, &map, sizeof(map));
      result != CUDA_SUCCESS) {
    (void)driver.cuMemFree(copy);
    copies.erase(it);
    return CudaError(driver, result, "cuMemcpyHtoD");
  }
  it->second = copy;
  return reinterpret_cast<void *>(copy);
}

} // namespace mgpu
