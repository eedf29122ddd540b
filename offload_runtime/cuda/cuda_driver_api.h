//===- cuda_driver_api.h - What the runtime uses of cuda.h ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The types, constants and entry points of the CUDA driver API that the
// runtime uses, as CUDA 13.0's cuda.h declares them: the same names, values,
// sizes and layouts. The driver is opened with dlopen (cuda_driver.h), so
// only its ABI matters, and building the runtime needs no CUDA toolkit. Every
// backend reports CUresults (status.h).
// //offload_runtime/tests:cuda_driver_api_test compiles this header beside
// the toolkit's cuda.h and checks each declaration here against it: give
// anything added here its check there.
//
// - Everything is in namespace mgpu, so that a file may include cuda.h too.
// - Handles point to cuda.h's own incomplete structs (struct CUstream_st...),
//   as mgpu.h's do: a CUstream of either header is the other's.
// - Enums have the underlying type that cuda.h's get, fixed, so that every
//   value the driver or a caller passes is one of the type's, not only the
//   few named here.
// - Entry points are declared under their name without version suffix, the
//   name that cuGetProcAddress takes, with the signature of the version that
//   it returns for kCudaVersion: the one cuda.h's macros name (cuMemAlloc is
//   cuMemAlloc_v2 there), noted above each. They are never defined: the
//   runtime calls them through CudaDriver's table and names them only in
//   decltype.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_CUDA_DRIVER_API_H
#define OFFLOAD_RUNTIME_CUDA_CUDA_DRIVER_API_H

#include <cstddef>
#include <cstdint>

// The driver's objects, incomplete, under cuda.h's names.
struct CUctx_st;
struct CUfunc_st;
struct CUlib_st;
struct CUkern_st;
struct CUstream_st;
struct CUevent_st;

namespace mgpu {

/// The CUDA version whose entry points the runtime asks the driver for
/// (cuGetProcAddress), as CUDA_VERSION encodes it: 13.0.
constexpr int kCudaVersion = 13000;

//===--- Types ------------------------------------------------------------===//

using cuuint32_t = std::uint32_t;
using cuuint64_t = std::uint64_t;

/// A device address (CUDA 13 runs on 64-bit hosts only).
using CUdeviceptr = unsigned long long;
using CUdevice = int;
using CUcontext = ::CUctx_st *;
using CUfunction = ::CUfunc_st *;
using CUlibrary = ::CUlib_st *;
using CUkernel = ::CUkern_st *;
using CUstream = ::CUstream_st *;
using CUevent = ::CUevent_st *;

/// The errors that the runtime returns or tells apart; the driver may return
/// any other.
enum CUresult : unsigned int {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222,
  CUDA_ERROR_OPERATING_SYSTEM = 304,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_ASSERT = 710,
  CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
  CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_SYSTEM_DRIVER_MISMATCH = 803,
  CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE = 804,
  CUDA_ERROR_UNKNOWN = 999,
};

enum CUdevice_attribute : unsigned int {
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
};

enum CUfunction_attribute : unsigned int {
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
};

enum CUjit_option : unsigned int {
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_OPTIMIZATION_LEVEL = 7,
};

/// cuLibraryLoadData's own options; the runtime passes none.
enum CUlibraryOption : unsigned int {};

enum CUstream_flags : unsigned int {
  CU_STREAM_NON_BLOCKING = 0x1,
};

enum CUevent_flags : unsigned int {
  CU_EVENT_DISABLE_TIMING = 0x2,
};

enum CUmemAttach_flags : unsigned int {
  CU_MEM_ATTACH_GLOBAL = 0x1,
};

enum CUdriverProcAddress_flags : unsigned int {
  CU_GET_PROC_ADDRESS_DEFAULT = 0,
};

enum CUdriverProcAddressQueryResult : unsigned int {
  CU_GET_PROC_ADDRESS_SUCCESS = 0,
};

enum CUlaunchAttributeID : unsigned int {
  CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4,
};

/// A launch attribute's value: 64 bytes, aligned as the pointers that other
/// attributes hold.
union alignas(void *) CUlaunchAttributeValue {
  char pad[64];
  struct {
    unsigned int x;
    unsigned int y;
    unsigned int z;
  } clusterDim;
};

struct CUlaunchAttribute {
  CUlaunchAttributeID id;
  char pad[8 - sizeof(CUlaunchAttributeID)];
  CUlaunchAttributeValue value;
};

struct CUlaunchConfig {
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned int numAttrs;
};

/// A TMA descriptor: 128 opaque bytes, aligned to 128 since CUDA 13.
struct CUtensorMap {
  alignas(128) cuuint64_t opaque[16];
};

// The tensor map's enums: the runtime passes on the caller's values, which
// are CUDA's (mgpu_abi.def).
enum CUtensorMapDataType : unsigned int {};
enum CUtensorMapInterleave : unsigned int {};
enum CUtensorMapSwizzle : unsigned int {};
enum CUtensorMapL2promotion : unsigned int {};
enum CUtensorMapFloatOOBfill : unsigned int {};

//===--- Entry points -----------------------------------------------------===//

// The one that libcuda.so exports and the runtime looks up with dlsym, as
// cuGetProcAddress_v2; the others come from it.
CUresult cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion,
                          cuuint64_t flags,
                          CUdriverProcAddressQueryResult *symbolStatus);

CUresult cuInit(unsigned int Flags);
CUresult cuDriverGetVersion(int *driverVersion);
CUresult cuGetErrorName(CUresult error, const char **pStr);
CUresult cuGetErrorString(CUresult error, const char **pStr);

CUresult cuDeviceGetCount(int *count);
CUresult cuDeviceGet(CUdevice *device, int ordinal);
CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev);
CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev);

CUresult cuCtxGetCurrent(CUcontext *pctx);
CUresult cuCtxSetCurrent(CUcontext ctx);
// cuCtxPushCurrent_v2
CUresult cuCtxPushCurrent(CUcontext ctx);
// cuCtxPopCurrent_v2
CUresult cuCtxPopCurrent(CUcontext *pctx);

CUresult cuLibraryLoadData(CUlibrary *library, const void *code,
                           CUjit_option *jitOptions, void **jitOptionsValues,
                           unsigned int numJitOptions,
                           CUlibraryOption *libraryOptions,
                           void **libraryOptionValues,
                           unsigned int numLibraryOptions);
CUresult cuLibraryUnload(CUlibrary library);
CUresult cuLibraryGetKernel(CUkernel *pKernel, CUlibrary library,
                            const char *name);
CUresult cuKernelSetAttribute(CUfunction_attribute attrib, int val,
                              CUkernel kernel, CUdevice dev);

CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                        unsigned int gridDimY, unsigned int gridDimZ,
                        unsigned int blockDimX, unsigned int blockDimY,
                        unsigned int blockDimZ, unsigned int sharedMemBytes,
                        CUstream hStream, void **kernelParams, void **extra);
CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f,
                          void **kernelParams, void **extra);

CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags);
// cuStreamDestroy_v2
CUresult cuStreamDestroy(CUstream hStream);
CUresult cuStreamSynchronize(CUstream hStream);
CUresult cuStreamWaitEvent(CUstream hStream, CUevent hEvent,
                           unsigned int Flags);

CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags);
// cuEventDestroy_v2
CUresult cuEventDestroy(CUevent hEvent);
CUresult cuEventSynchronize(CUevent hEvent);
CUresult cuEventRecord(CUevent hEvent, CUstream hStream);

// cuMemAlloc_v2
CUresult cuMemAlloc(CUdeviceptr *dptr, std::size_t bytesize);
CUresult cuMemAllocManaged(CUdeviceptr *dptr, std::size_t bytesize,
                           unsigned int flags);
// cuMemFree_v2
CUresult cuMemFree(CUdeviceptr dptr);
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, std::size_t ByteCount,
                       CUstream hStream);
// cuMemcpyHtoD_v2
CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost,
                      std::size_t ByteCount);
CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, std::size_t N,
                          CUstream hStream);
CUresult cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us,
                          std::size_t N, CUstream hStream);
// cuMemHostRegister_v2
CUresult cuMemHostRegister(void *p, std::size_t bytesize, unsigned int Flags);
CUresult cuMemHostUnregister(void *p);
// cuMemHostGetDevicePointer_v2
CUresult cuMemHostGetDevicePointer(CUdeviceptr *pdptr, void *p,
                                   unsigned int Flags);

CUresult cuTensorMapEncodeTiled(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_CUDA_DRIVER_API_H
