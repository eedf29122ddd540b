//===- hip_api.h - What the runtime uses of HIP's runtime API ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The types, constants and entry points of HIP's runtime API (libamdhip64)
// that the HIP backend uses, as ROCm's hip_runtime_api.h declares them: the
// same names, values and signatures, which are the same in ROCm 5, 6 and 7.
// The library is opened with dlopen (hip_runtime.h), so only its ABI matters
// and building the runtime needs no ROCm headers, whose HIP platform macros
// would make them unusable by a plain C++ compiler anyway.
// //offload_runtime/tests:hip_api_test checks each declaration here against
// the installed hip_runtime_api.h (Debian's ROCm 5.2): give anything added
// here its check there.
//
// - Everything is in namespace mgpu::hip, so that a file may include HIP's
//   own header too; the runtime calls the entry points through HipRuntime's
//   table only, and names them in decltype.
// - Handles point to HIP's own incomplete structs (ihipStream_t...).
// - hipDeviceProp_t is not declared: its layout differs between ROCm
//   versions, and the backend reads one field of it (device.cc).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HIP_HIP_API_H
#define OFFLOAD_RUNTIME_HIP_HIP_API_H

#include <cstddef>

// HIP's objects, incomplete, under hip_runtime_api.h's names.
struct ihipModule_t;
struct ihipModuleSymbol_t;
struct ihipStream_t;
struct ihipEvent_t;

namespace mgpu::hip {

//===--- Types ------------------------------------------------------------===//

using hipModule_t = ::ihipModule_t *;
using hipFunction_t = ::ihipModuleSymbol_t *;
using hipStream_t = ::ihipStream_t *;
using hipEvent_t = ::ihipEvent_t *;
using hipDeviceptr_t = void *;

/// The errors that the backend tells apart or names; the runtime may return
/// any other. Many share the numbers of the ABI's MGPU_ERROR_*s (mgpu.h).
enum hipError_t : unsigned int {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorNotInitialized = 3,
  hipErrorDeinitialized = 4,
  hipErrorInsufficientDriver = 35,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorInvalidContext = 201,
  hipErrorNoBinaryForGpu = 209,
  hipErrorInvalidKernelFile = 218,
  hipErrorSharedObjectInitFailed = 303,
  hipErrorInvalidHandle = 400,
  hipErrorNotFound = 500,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorAssert = 710,
  hipErrorHostMemoryAlreadyRegistered = 712,
  hipErrorHostMemoryNotRegistered = 713,
  hipErrorLaunchFailure = 719,
  hipErrorNotSupported = 801,
  hipErrorUnknown = 999,
};

enum hipMemcpyKind : unsigned int {
  /// The runtime tells host from device memory by the pointers.
  hipMemcpyDefault = 4,
};

/// hipStreamCreateWithFlags: no implicit synchronization with stream 0.
constexpr unsigned int hipStreamNonBlocking = 1;
/// hipEventCreateWithFlags: events for ordering only, not for timing.
constexpr unsigned int hipEventDisableTiming = 2;
/// hipMallocManaged: memory any stream may use.
constexpr unsigned int hipMemAttachGlobal = 1;
/// hipHostRegister: mapped and portable (HIP's default on AMD GPUs).
constexpr unsigned int hipHostRegisterDefault = 0;

//===--- Entry points -----------------------------------------------------===//

hipError_t hipInit(unsigned int flags);
const char *hipGetErrorName(hipError_t hip_error);
const char *hipGetErrorString(hipError_t hipError);
hipError_t hipRuntimeGetVersion(int *runtimeVersion);

hipError_t hipGetDeviceCount(int *count);
hipError_t hipGetDevice(int *deviceId);
hipError_t hipSetDevice(int deviceId);
// Both take a hipDeviceProp_t of their own layout: ROCm 6's
// hipDeviceProp_tR0600, and ROCm 5's (still exported by ROCm 6 under this
// name, for programs built for ROCm 5).
hipError_t hipGetDevicePropertiesR0600(void *prop, int deviceId);
hipError_t hipGetDeviceProperties(void *prop, int deviceId);

hipError_t hipModuleLoadData(hipModule_t *module, const void *image);
hipError_t hipModuleUnload(hipModule_t module);
hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module,
                                const char *kname);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX,
                                 unsigned int gridDimY, unsigned int gridDimZ,
                                 unsigned int blockDimX, unsigned int blockDimY,
                                 unsigned int blockDimZ,
                                 unsigned int sharedMemBytes,
                                 hipStream_t stream, void **kernelParams,
                                 void **extra);

hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                              unsigned int flags);

hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream);

hipError_t hipMalloc(void **ptr, std::size_t size);
hipError_t hipMallocManaged(void **dev_ptr, std::size_t size,
                            unsigned int flags);
hipError_t hipFree(void *ptr);
hipError_t hipMemcpyAsync(void *dst, const void *src, std::size_t sizeBytes,
                          hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, std::size_t count,
                             hipStream_t stream);
hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value,
                             std::size_t count, hipStream_t stream);
hipError_t hipHostRegister(void *hostPtr, std::size_t sizeBytes,
                           unsigned int flags);
hipError_t hipHostUnregister(void *hostPtr);
hipError_t hipHostGetDevicePointer(void **devPtr, void *hostPtr,
                                   unsigned int flags);

} // namespace mgpu::hip

#endif // OFFLOAD_RUNTIME_HIP_HIP_API_H
