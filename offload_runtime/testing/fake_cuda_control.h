/*===- fake_cuda_control.h - Steering the test CUDA driver -------*- C -*-===*
 *
 * Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
 * See LICENSE for license information.
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 *
 * libfake_cuda.so implements the CUDA driver entry points that libmgpu.so
 * uses (through cuGetProcAddress_v2), on the host and without a GPU: memory
 * is host memory, kernels are recorded instead of run, images are checked
 * against the device's architecture as the real driver would. It is a test
 * tool, loaded with MGPU_CUDA_DRIVER=<path>/libfake_cuda.so; these functions
 * steer and inspect it. Kernels run on the host through the host backend
 * (MGPU_DEVICE=host), not here.
 *
 * At cuInit it reads FAKE_CUDA_DEVICES, the compute capability of each device
 * as a comma-separated list ("90", "90,80"; "" for none; default "90").
 *
 *===----------------------------------------------------------------------===*/

#ifndef OFFLOAD_RUNTIME_TESTING_FAKE_CUDA_CONTROL_H
#define OFFLOAD_RUNTIME_TESTING_FAKE_CUDA_CONTROL_H

#include "offload_runtime/testing/fake_control_functions.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

FAKE_DRIVER_CONTROL_FUNCTIONS(fakeCuda)

typedef struct FakeCudaLaunch {
  char kernel[128];
  unsigned grid[3], block[3], cluster[3];
  unsigned sharedMemBytes;
  void *stream;
  int device;
} FakeCudaLaunch;

/* The last kernel launch; returns 0 if there was none. */
int fakeCudaLastLaunch(FakeCudaLaunch *launch);

/* What the last successful cuLibraryLoadData loaded: 'c' (cubin), 'p' (PTX)
 * or 'f' (fatbin), and the architecture it was for (90 for sm_90); 0 if
 * nothing was loaded. */
int fakeCudaLastImageKind(void);
int fakeCudaLastImageArch(void);

#ifdef __cplusplus
}
#endif

#endif /* OFFLOAD_RUNTIME_TESTING_FAKE_CUDA_CONTROL_H */
