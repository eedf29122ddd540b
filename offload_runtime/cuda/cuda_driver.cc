//===- cuda_driver.cc - The CUDA driver, loaded at first use --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/cuda_driver.h"

#include "offload_runtime/cuda/cuda_error.h"

#include <dlfcn.h>

#include <cstdlib>

namespace mgpu {
namespace {

constexpr const char *kDefaultDriver = "libcuda.so.1";

using GetProcAddressFn = decltype(&mgpu::cuGetProcAddress);

StatusOr<CudaDriver> LoadCudaDriver() {
  const char *override = std::getenv("MGPU_CUDA_DRIVER");
  const char *path = override && *override ? override : kDefaultDriver;
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return RuntimeError(
        MGPU_ERROR_NOT_INITIALIZED,
        StrCat("cannot load the CUDA driver (", dlerror(),
               "): install the NVIDIA driver, or set MGPU_CUDA_DRIVER to its "
               "libcuda.so"));
  // cuGetProcAddress_v2 is in every CUDA 12 and 13 driver.
  auto getProcAddress =
      reinterpret_cast<GetProcAddressFn>(dlsym(library, "cuGetProcAddress_v2"));
  if (!getProcAddress)
    return RuntimeError(
        MGPU_ERROR_NOT_INITIALIZED,
        StrCat("the CUDA driver ", path,
               " is too old (no cuGetProcAddress_v2): install an "
               "NVIDIA driver for CUDA 12 or newer"));

  CudaDriver driver;
  driver.path = path;
  auto resolve = [&](const char *name, void **slot) -> Status {
    CUdriverProcAddressQueryResult found;
    CUresult result = getProcAddress(name, slot, kCudaVersion,
                                     CU_GET_PROC_ADDRESS_DEFAULT, &found);
    if (result == CUDA_SUCCESS && found == CU_GET_PROC_ADDRESS_SUCCESS && *slot)
      return OkStatus();
    return RuntimeError(MGPU_ERROR_NOT_INITIALIZED,
                        StrCat("the CUDA driver ", path, " has no ", name,
                               " for CUDA ", kCudaVersion / 1000, ".",
                               kCudaVersion % 1000 / 10,
                               ": update the NVIDIA driver"));
  };
#define MGPU_CUDA_ENTRY(name)                                                  \
  if (Status status = resolve(#name, reinterpret_cast<void **>(&driver.name)); \
      !status.ok())                                                            \
    return status;
#include "offload_runtime/cuda/cuda_driver_symbols.inc"
#undef MGPU_CUDA_ENTRY

  if (CUresult result = driver.cuInit(0); result != CUDA_SUCCESS)
    return CudaError(driver, result, "cuInit");
  return driver;
}

} // namespace

StatusOr<const CudaDriver *> GetCudaDriver() {
  // Loaded once; a failure is final too (the machine will not grow a driver).
  static const StatusOr<CudaDriver> *driver =
      new StatusOr<CudaDriver>(LoadCudaDriver());
  if (!driver->ok())
    return driver->status();
  return &**driver;
}

} // namespace mgpu
