//===- object_selection.h - The host object for this CPU --------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_OBJECT_SELECTION_H
#define OFFLOAD_RUNTIME_HOST_OBJECT_SELECTION_H

#include "mgpu/mgpu.h"

#include <string>

namespace mgpu::host {

/// The index of the host object for a CPU of ELF machine `elfMachine`, or
/// -1 if there is none.
int SelectHostObject(const MgpuObject *objects, int count, int elfMachine);

/// "host x86-64": a host object, for messages.
std::string DescribeHostObject(const MgpuObject &object);

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_OBJECT_SELECTION_H
