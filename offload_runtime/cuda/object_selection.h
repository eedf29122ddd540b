//===- object_selection.h - The CUDA object that fits a device --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Of a gpu.binary's objects, the cubin, fatbin or PTX that a CUDA device of a
// given compute capability runs, as CUDA's own rules for SASS and PTX allow.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_OBJECT_SELECTION_H
#define OFFLOAD_RUNTIME_CUDA_OBJECT_SELECTION_H

#include "mgpu/mgpu.h"

#include <string>

namespace mgpu {

/// The index of the best object for a device of compute capability
/// `computeCapability` (90 for sm_90), or -1 if none can run there.
int SelectCudaObject(const MgpuObject *objects, int count,
                     int computeCapability);

/// "cubin sm_90", "PTX sm_100a": a cubin, fatbin or PTX object, for messages.
std::string DescribeCudaObject(const MgpuObject &object);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_OBJECT_SELECTION_H
