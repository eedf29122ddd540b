//===- hip_auto_host_object.cc - A host object without the compiler -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The host object of the binaries hip_backend_test.cc builds for sm_90,
// gfx90a and the host: a shared object with one kernel of the host kernel
// ABI (mgpu.h), `fill`, which does nothing. Written by hand so that the
// tests of which backend MGPU_DEVICE=auto chooses need no compiler.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

namespace {
void Run(void **, MgpuHostBlock *, uint64_t, uint64_t) {}
} // namespace

extern "C" __attribute__((visibility("default")))
const MgpuHostKernel fillKernel __asm__(MGPU_HOST_KERNEL_PREFIX "fill") = {
    MGPU_HOST_ABI_VERSION, 0, nullptr, Run, 0, 0};
