/*===- mgpu.h - The mgpu runtime ABI ------------------------------*- C -*-===*
 *
 * Part of mlir-offload.
 *
 * The C entry points that LLVM IR lowered from the gpu dialect calls, with the
 * exact signatures of upstream MLIR 22's CUDA runtime wrappers, plus our own
 * additions (marked "mlir-offload"). This header is the ABI's single source
 * of truth: libmgpu.so exports exactly these functions.
 *
 * Handles are opaque. A "module" is a loaded GPU object, a "function" a kernel
 * in it; streams and events are CUDA's. A null stream means the runtime's own
 * stream for the calling thread and its current device.
 *
 * Errors: see MGPU_ON_ERROR in docs/runtime.md. With `abort` (the default) a
 * failing call prints one line naming the call, the CUDA error and what to do,
 * then ends the program with exit status 1. With `report` it prints the line,
 * records the error (mgpuGetLastError) and returns a null handle.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MGPU_MGPU_H
#define MGPU_MGPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MGPU_EXPORT __attribute__((visibility("default")))

typedef struct MgpuModule *MgpuModuleHandle; /* CUmodule in upstream's ABI */
typedef struct MgpuFunction *MgpuFunctionHandle; /* CUfunction */
typedef struct CUstream_st *MgpuStream;          /* CUstream */
typedef struct CUevent_st *MgpuEvent;            /* CUevent */

/* The memref descriptor that lowered IR passes by pointer: `rank` sizes
 * follow `offset`, then `rank` strides. */
typedef struct MgpuMemRefDescriptor {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[];
} MgpuMemRefDescriptor;

/*===--- Modules and kernels ----------------------------------------------===*/

/* Loads a cubin, fatbin or NUL-terminated PTX. `size` is ignored: IR from
 * older MLIR passes only `data`. Safe before main() and before any context. */
MGPU_EXPORT MgpuModuleHandle mgpuModuleLoad(void *data, size_t size);
/* Loads NUL-terminated PTX, compiled by the driver at `optLevel` (0 to 4). */
MGPU_EXPORT MgpuModuleHandle mgpuModuleLoadJIT(void *data, int optLevel);
/* Safe from global destructors, also after the driver is gone. */
MGPU_EXPORT void mgpuModuleUnload(MgpuModuleHandle module);
/* Cached: the driver is asked once per module and name. */
MGPU_EXPORT MgpuFunctionHandle mgpuModuleGetFunction(MgpuModuleHandle module,
                                                     const char *name);

/*===--- Launches ---------------------------------------------------------===*/

MGPU_EXPORT void mgpuLaunchKernel(MgpuFunctionHandle function, intptr_t gridX,
                                  intptr_t gridY, intptr_t gridZ,
                                  intptr_t blockX, intptr_t blockY,
                                  intptr_t blockZ, int32_t smem,
                                  MgpuStream stream, void **params,
                                  void **extra, size_t paramsCount);
MGPU_EXPORT void
mgpuLaunchClusterKernel(MgpuFunctionHandle function, intptr_t clusterX,
                        intptr_t clusterY, intptr_t clusterZ, intptr_t gridX,
                        intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                        intptr_t blockY, intptr_t blockZ, int32_t smem,
                        MgpuStream stream, void **params, void **extra);

/*===--- Streams and events -----------------------------------------------===*/

/* Streams come from a per-device pool: creating and destroying one per launch
 * (as upstream's lowering does) costs no driver call after the first. */
MGPU_EXPORT MgpuStream mgpuStreamCreate(void);
MGPU_EXPORT void mgpuStreamDestroy(MgpuStream stream);
MGPU_EXPORT void mgpuStreamSynchronize(MgpuStream stream);
MGPU_EXPORT void mgpuStreamWaitEvent(MgpuStream stream, MgpuEvent event);
MGPU_EXPORT MgpuEvent mgpuEventCreate(void);
MGPU_EXPORT void mgpuEventDestroy(MgpuEvent event);
MGPU_EXPORT void mgpuEventSynchronize(MgpuEvent event);
MGPU_EXPORT void mgpuEventRecord(MgpuEvent event, MgpuStream stream);

/*===--- Memory -----------------------------------------------------------===*/

/* Managed memory when `hostShared`; 0 bytes gives null. */
MGPU_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, MgpuStream stream,
                               bool hostShared);
MGPU_EXPORT void mgpuMemFree(void *ptr, MgpuStream stream);
MGPU_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                            MgpuStream stream);
MGPU_EXPORT void mgpuMemset32(void *dst, unsigned int value, size_t count,
                              MgpuStream stream);
MGPU_EXPORT void mgpuMemset16(void *dst, unsigned short value, size_t count,
                              MgpuStream stream);
MGPU_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
MGPU_EXPORT void mgpuMemHostUnregister(void *ptr);
/* Only densely packed memrefs. */
MGPU_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank,
                                           MgpuMemRefDescriptor *descriptor,
                                           int64_t elementSizeBytes);
MGPU_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank,
                                             MgpuMemRefDescriptor *descriptor,
                                             int64_t elementSizeBytes);

/*===--- Devices ----------------------------------------------------------===*/

/* The device that the calling thread's later calls use; any time, per thread.
 * Threads start on device 0. */
MGPU_EXPORT void mgpuSetDefaultDevice(int32_t device);

/*===--- Tensor maps (Hopper TMA) -----------------------------------------===*/

/* `tensorMap` points to a 128-byte CUtensorMap; the enums are CUDA's. */
MGPU_EXPORT void
mgpuTensorMapEncodeTiled(void *tensorMap, int tensorDataType,
                         uint32_t tensorRank, void *globalAddress,
                         const uint64_t *globalDim,
                         const uint64_t *globalStrides, const uint32_t *boxDim,
                         const uint32_t *elementStrides, int interleave,
                         int swizzle, int l2Promotion, int oobFill);
/* Returns a device copy of the tensor map of a ranked memref. Equal maps
 * share one copy, which lives as long as the process. */
MGPU_EXPORT void *mgpuTensorMapEncodeTiledMemref(int64_t tensorRank,
                                                 void *rankedDescriptor,
                                                 int tensorDataType,
                                                 int interleave, int swizzle,
                                                 int l2Promotion, int oobFill,
                                                 int64_t *inputBoxDims);

/*===--- Objects chosen at run time (mlir-offload) ------------------------===*/

/* What #offload.loader embeds for a gpu.binary: one entry per object. */
enum { MGPU_OBJECT_CUBIN = 1, MGPU_OBJECT_FATBIN = 2, MGPU_OBJECT_PTX = 3 };
enum {
  MGPU_ARCH_PORTABLE = 0, /* sm_90: runs on later minors of its major */
  MGPU_ARCH_SPECIFIC = 1, /* sm_90a: runs on exactly sm_90 */
  MGPU_ARCH_FAMILY = 2    /* sm_100f: runs on later minors of its major */
};
typedef struct MgpuObject {
  const void *data; /* PTX is NUL-terminated */
  uint64_t size;
  int32_t kind;        /* MGPU_OBJECT_* */
  int32_t arch;        /* 10 * major + minor: 90 for sm_90 and sm_90a */
  int32_t archVariant; /* MGPU_ARCH_* */
  int32_t reserved;    /* 0 */
} MgpuObject;

/* Loads the object that best fits the calling thread's device: a cubin (or
 * fatbin) for exactly its architecture, else a compatible one (the newest),
 * else PTX for the driver's JIT (the newest). None fitting is an error that
 * names the device's architecture and what `binaryName` holds. */
MGPU_EXPORT MgpuModuleHandle mgpuModuleLoadObjects(const MgpuObject *objects,
                                                   int32_t count,
                                                   const char *binaryName);

/* For lazy loading: loads `*module` from `objects` if it is still null, looks
 * up `kernelName`, publishes it to `*kernel` (release order, so that a later
 * acquire load of `*kernel` may skip this call) and returns it. Thread-safe. */
MGPU_EXPORT MgpuFunctionHandle mgpuGetFunctionLazily(
    MgpuModuleHandle *module, const MgpuObject *objects, int32_t count,
    const char *binaryName, const char *kernelName, MgpuFunctionHandle *kernel);

/*===--- Errors (mlir-offload) --------------------------------------------===*/

/* The CUresult of the calling thread's last failed call (0 if none), and
 * clears it. */
MGPU_EXPORT int32_t mgpuGetLastError(void);
/* The message of the calling thread's last failed call, or "" if none; valid
 * until that thread's next failing call. */
MGPU_EXPORT const char *mgpuGetLastErrorMessage(void);

#ifdef __cplusplus
}
#endif

#endif /* MGPU_MGPU_H */
