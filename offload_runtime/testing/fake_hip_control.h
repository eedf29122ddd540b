/*===- fake_hip_control.h - Steering the test HIP runtime ---------*- C -*-===*
 *
 * Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
 * See LICENSE for license information.
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 *
 * libfake_hip.so implements the HIP runtime entry points that libmgpu.so
 * uses (offload_runtime/hip/hip_symbols.inc), on the host and without a GPU:
 * memory is host memory, kernels are recorded instead of run (a launch
 * touches no memory), code objects are checked as AMD's loader checks them
 * (a 64-bit little-endian EM_AMDGPU shared object for the HSA ABI, code
 * object version 4 to 6, whose headers stay within it, for the device's chip
 * with compatible xnack and sramecc modes) and kernels are found by their
 * kernel descriptor symbols (`name.kd`) in the object's dynamic symbol
 * table. It is a test tool, loaded with MGPU_HIP_RUNTIME=<path>/
 * libfake_hip.so; these functions steer and inspect it.
 *
 * libfake_hip.so answers hipGetDevicePropertiesR0600, as ROCm 6 and later
 * do; libfake_hip5.so only hipGetDeviceProperties, with ROCm 5's layout.
 *
 * At its first call it reads FAKE_HIP_DEVICES, the target ID of each device
 * as a comma-separated list ("gfx90a:sramecc+:xnack-,gfx942"; "" for none;
 * default "gfx90a:sramecc+:xnack-"). Without a device, hipInit fails with
 * hipErrorInvalidDevice and hipGetDeviceCount with hipErrorNoDevice, as
 * Debian's ROCm 5.2 does on a machine without a GPU. Where FAKE_HIP_LOG names
 * a file, each code object loaded adds a line to it: "device 0 gfx90a:xnack-
 * kernels fill,other", for tests that cannot call these functions.
 *
 *===----------------------------------------------------------------------===*/

#ifndef OFFLOAD_RUNTIME_TESTING_FAKE_HIP_CONTROL_H
#define OFFLOAD_RUNTIME_TESTING_FAKE_HIP_CONTROL_H

#include "offload_runtime/testing/fake_control_functions.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A failed call's result is a hipError_t; under an injected failure,
 * hipGetErrorName and hipGetErrorString return null. */
FAKE_DRIVER_CONTROL_FUNCTIONS(fakeHip)

typedef struct FakeHipLaunch {
  char kernel[128];
  unsigned grid[3], block[3];
  unsigned sharedMemBytes;
  void *stream;
  /* The device it ran on, and the e_flags of its code object. */
  int device;
  uint32_t objectFlags;
  /* As given: the fake never reads through them. */
  void **kernelParams;
  void **extra;
} FakeHipLaunch;

/* The last kernel launch; returns 0 if there was none. */
int fakeHipLastLaunch(FakeHipLaunch *launch);
/* The number of launches. */
int64_t fakeHipLaunchCount(void);

/* The e_flags of the code object that the last successful hipModuleLoadData
 * loaded (0 if none), and the device it was loaded on (-1 if none). */
uint32_t fakeHipLastLoadFlags(void);
int fakeHipLastLoadDevice(void);

/* What is alive besides streams: modules, events, allocations, host
 * registrations. */
int64_t fakeHipLiveModules(void);
int64_t fakeHipLiveEvents(void);
int64_t fakeHipLiveAllocations(void);
int64_t fakeHipLiveRegistrations(void);

/* The calling thread's current device, as hipGetDevice says. */
int fakeHipCurrentDevice(void);

#ifdef __cplusplus
}
#endif

#endif /* OFFLOAD_RUNTIME_TESTING_FAKE_HIP_CONTROL_H */
