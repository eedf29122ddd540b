//===- object_selection.h - The SPIR-V object of a binary -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_OBJECT_SELECTION_H
#define OFFLOAD_RUNTIME_VULKAN_OBJECT_SELECTION_H

#include "mgpu/mgpu.h"

#include <string>

namespace mgpu::vulkan {

/// The index of the SPIR-V object for the Vulkan device, or -1 if there is
/// none: whether the device has its capabilities is the caller's to check.
int SelectSpirvObject(const MgpuObject *objects, int count);

/// "SPIR-V": a SPIR-V object, for messages.
std::string DescribeSpirvObject(const MgpuObject &object);

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_OBJECT_SELECTION_H
