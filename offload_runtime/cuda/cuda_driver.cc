//===- cuda_driver.cc - The CUDA driver, loaded at first use --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/cuda_driver.h"

#include "offload_runtime/cuda/cuda_error.h"
#include "offload_runtime/driver_library.h"

#include <dlfcn.h>

#include <initializer_list>
#include <iterator>

namespace mgpu {
namespace {

constexpr const char *kSearchOrder[] = {"libcuda.so.1"};

using GetProcAddressFn = decltype(&mgpu::cuGetProcAddress);

StatusOr<CudaDriver> LoadCudaDriver() {
  MGPU_ASSIGN_OR_RETURN(
      OpenedLibrary library,
      OpenDriverLibrary({"the CUDA driver", "MGPU_CUDA_DRIVER", kSearchOrder,
                         std::size(kSearchOrder),
                         "install the NVIDIA driver, or set MGPU_CUDA_DRIVER "
                         "to its libcuda.so",
                         /*variableAdvice=*/nullptr}));
  // cuGetProcAddress_v2 is in every CUDA 12 and 13 driver.
  auto getProcAddress = reinterpret_cast<GetProcAddressFn>(
      dlsym(library.handle, "cuGetProcAddress_v2"));
  if (!getProcAddress)
    return RuntimeError(
        MGPU_ERROR_NOT_INITIALIZED,
        StrCat("the CUDA driver ", library.path,
               " is too old (no cuGetProcAddress_v2): install an "
               "NVIDIA driver for CUDA 12 or newer"));

  CudaDriver driver;
  driver.path = library.path;
  auto lookup = [&](const char *name) -> void * {
    void *address = nullptr;
    CUdriverProcAddressQueryResult found;
    CUresult result = getProcAddress(name, &address, kCudaVersion,
                                     CU_GET_PROC_ADDRESS_DEFAULT, &found);
    return result == CUDA_SUCCESS && found == CU_GET_PROC_ADDRESS_SUCCESS
               ? address
               : nullptr;
  };
  auto missing = [&](const char *name) {
    return RuntimeError(MGPU_ERROR_NOT_INITIALIZED,
                        StrCat("the CUDA driver ", library.path, " has no ",
                               name, " for CUDA ", kCudaVersion / 1000, ".",
                               kCudaVersion % 1000 / 10,
                               ": update the NVIDIA driver"));
  };
  const std::initializer_list<DriverSymbol> symbols = {
#define MGPU_CUDA_ENTRY(name)                                                  \
  {#name, reinterpret_cast<void **>(&driver.name), false},
#include "offload_runtime/cuda/cuda_driver_symbols.inc"
#undef MGPU_CUDA_ENTRY
  };
  MGPU_RETURN_IF_ERROR(ResolveDriverSymbols(symbols, lookup, missing));

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
