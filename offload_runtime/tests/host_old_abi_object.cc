//===- host_old_abi_object.cc - A host object of another kernel ABI -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A host object whose kernel `fill` was built for the host kernel ABI before
// this runtime's (mgpu.h): its run function took one block and no range, so
// that calling it as this runtime would reads arguments it was never passed.
// host_backend_test.cc checks that the runtime refuses it by its version.
// Written by hand, as an object of an older compiler would be.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

namespace {
// The signature of version 5: one block a call.
void RunOneBlock(void **, const MgpuHostBlock *) {}
} // namespace

extern "C" __attribute__((visibility("default")))
const MgpuHostKernel fillKernel __asm__(MGPU_HOST_KERNEL_PREFIX "fill") = {
    MGPU_HOST_ABI_VERSION - 1,
    0,
    nullptr,
    reinterpret_cast<MgpuHostKernelFn>(RunOneBlock),
    0,
    0};
