/*===- mgpu.h - The mgpu runtime ABI ------------------------------*- C -*-===*
 *
 * Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
 * See LICENSE for license information.
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 *
 * The C entry points that LLVM IR lowered from the gpu dialect calls, with the
 * signatures of upstream MLIR 22's CUDA runtime wrappers (and the two memref
 * helpers of its ROCm wrappers), plus our own additions. The entry points and
 * the structs shared with compiled code are declared once, in mgpu_abi.def,
 * with their documentation; this header expands that table into C
 * declarations. libmgpu.so exports exactly them.
 *
 * Errors: see MGPU_ON_ERROR in docs/runtime.md. With `abort` (the default) a
 * failing call prints one line naming the call, the error and what to do,
 * then ends the program with exit status 1. With `report` it prints the line,
 * records the error (mgpuGetLastError) and returns a null handle (a memref
 * with null pointers, for those that return one). An embedding program can
 * take every error itself (mgpuSetErrorHandler).
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

/* What mgpuGetLastError returns and an error handler receives, whatever the
 * backend: CUDA's CUresult values, so that a CUDA driver's error passes
 * through unchanged and code written against upstream's CUDA wrappers reads
 * them as before. Each backend maps its own errors to the closest of these;
 * a CUDA driver may also report any other CUresult. */
enum {
#define MGPU_ERROR(name, value) name = value,
#include "mgpu/mgpu_abi.def"
};

/* Receives the errors of every thread once installed by mgpuSetErrorHandler:
 * the entry point that failed, its MGPU_ERROR_* and the one-line message. */
typedef void (*MgpuErrorHandler)(const char *entryPoint, int32_t error,
                                 const char *message, void *userData);

/* MgpuObject::kind. A host object is a shared object (ELF) for the CPU,
 * whose `arch` is its ELF machine (62 for x86-64, 183 for AArch64). A SPIR-V
 * object is a SPIR-V module for Vulkan (docs/vulkan-target.md), `arch` 0. An
 * AMDGPU object is an HSA code object (an EM_AMDGPU shared object) whose
 * `arch` is its chip's EF_AMDGPU_MACH (e_flags & 0xff: 0x3f for gfx90a) and
 * `archVariant` its xnack and sramecc settings (e_flags & 0xf00), as
 * docs/rocm-target.md says. */
enum {
  MGPU_OBJECT_CUBIN = 1,
  MGPU_OBJECT_FATBIN = 2,
  MGPU_OBJECT_PTX = 3,
  MGPU_OBJECT_HOST = 4,
  MGPU_OBJECT_SPIRV = 5,
  MGPU_OBJECT_AMDGPU = 6
};
/* MgpuObject::archVariant */
enum {
  MGPU_ARCH_PORTABLE = 0, /* sm_90: runs on later minors of its major */
  MGPU_ARCH_SPECIFIC = 1, /* sm_90a: runs on exactly sm_90 */
  MGPU_ARCH_FAMILY = 2    /* sm_100f: runs on later minors of its major */
};

/* What every backend launches and the compiler may assume: a CUDA device's
 * launch limits, which the host backend keeps too, and the lanes of a warp
 * (a subgroup) on CUDA devices and on the host. */
enum {
  MGPU_WARP_SIZE = 32,
  MGPU_MAX_BLOCK_THREADS = 1024,
  MGPU_MAX_BLOCK_X = 1024,
  MGPU_MAX_BLOCK_Y = 1024,
  MGPU_MAX_BLOCK_Z = 64,
  MGPU_MAX_GRID_X = 0x7fffffff,
  MGPU_MAX_GRID_Y = 65535,
  MGPU_MAX_GRID_Z = 65535
};

/* The host kernel ABI (MgpuHostKernel, MgpuHostBlock in mgpu_abi.def). */
#define MGPU_HOST_ABI_VERSION 7
#define MGPU_HOST_KERNEL_PREFIX "__mgpu_host_kernel."
/* A host object exports, under this name, the features of the CPU it was
 * compiled for, in LLVM's names, comma-separated and NUL-terminated (a
 * char array). The runtime refuses it on a CPU that lacks one of them. */
#define MGPU_HOST_CPU_FEATURES_SYMBOL "__mgpu_host_cpu_features"
/* A host kernel's blocks keep their static workgroup memory (workgroup
 * attributions, memref.alloc of workgroup memory) on their worker thread's
 * stack: at most this many bytes, which the compiler checks; the stack is
 * twice as large, for the values that the block's threads keep. */
#define MGPU_HOST_MAX_STATIC_SHARED_MEMORY (16 << 20)
/* Each parameter a host kernel's run function reads is aligned to this. */
#define MGPU_HOST_PARAM_ALIGNMENT 16
/* A block's dynamic shared memory and private memory (MgpuHostBlock) start
 * at this alignment. */
#define MGPU_HOST_BLOCK_MEMORY_ALIGNMENT 4096
struct MgpuHostBlock;
typedef void (*MgpuHostKernelFn)(void **params, struct MgpuHostBlock *block,
                                 uint64_t begin, uint64_t end);
typedef void (*MgpuHostTrapFn)(const struct MgpuHostBlock *block,
                               const char *message, uint32_t threadX,
                               uint32_t threadY, uint32_t threadZ);
/* The hooks of checked kernels (MgpuHostCheckHooks, docs/checking.md).
 * `site` is the text of the op (its location, what it is) in the object. */
typedef void (*MgpuHostCheckRegionFn)(const struct MgpuHostBlock *block,
                                      void *base, uint64_t bytes);
/* An access's flags: a plain load of workgroup memory is 0; GLOBAL, of
 * memory that every block sees (not workgroup or private memory). */
enum {
  MGPU_HOST_CHECK_WRITE = 1,
  MGPU_HOST_CHECK_ATOMIC = 2,
  MGPU_HOST_CHECK_GLOBAL = 4
};
/* The runs of MgpuHostBlock::checkRuns; an access op without one passes
 * MGPU_HOST_CHECK_NO_RUN as its `run`. */
#define MGPU_HOST_CHECK_RUNS 16
#define MGPU_HOST_CHECK_NO_RUN 0xffffffffu
typedef void (*MgpuHostCheckAccessFn)(const struct MgpuHostBlock *block,
                                      const char *site, void *address,
                                      uint64_t bytes, uint32_t flags,
                                      uint32_t run, uint32_t threadX,
                                      uint32_t threadY, uint32_t threadZ);
/* `count` accesses like MgpuHostCheckAccessFn's, `stride` bytes apart from
 * `address` on: a loop's, told before it runs. */
typedef void (*MgpuHostCheckAccessesFn)(const struct MgpuHostBlock *block,
                                        const char *site, void *address,
                                        uint64_t bytes, uint32_t flags,
                                        int64_t stride, uint64_t count,
                                        uint32_t threadX, uint32_t threadY,
                                        uint32_t threadZ);
typedef void (*MgpuHostCheckBoundsFn)(const struct MgpuHostBlock *block,
                                      const char *site, uint32_t dimension,
                                      int64_t index, int64_t extent,
                                      int64_t size, uint32_t threadX,
                                      uint32_t threadY, uint32_t threadZ);
typedef void (*MgpuHostCheckUniformFn)(const struct MgpuHostBlock *block,
                                       const char *site, int64_t value,
                                       uint32_t threadX, uint32_t threadY,
                                       uint32_t threadZ);
typedef void (*MgpuHostCheckBarrierFn)(const struct MgpuHostBlock *block,
                                       uint32_t threadX, uint32_t threadY,
                                       uint32_t threadZ);

#define MGPU_STRUCT_BEGIN(name) typedef struct name {
#define MGPU_FIELD(type, kind, name) type name;
#define MGPU_STRUCT_END(name)                                                  \
  }                                                                            \
  name;
#include "mgpu/mgpu_abi.def"

#define MGPU_PARAM(type, kind, name) type name
#define MGPU_NO_PARAMS void
#define MGPU_FUNCTION(name, resultType, resultKind, ...)                       \
  MGPU_EXPORT resultType name(__VA_ARGS__);
#include "mgpu/mgpu_abi.def"

#ifdef __cplusplus
}
#endif

#endif /* MGPU_MGPU_H */
