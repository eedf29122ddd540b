//===- object_selection.h - The object that fits a device -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One gpu.binary can hold objects for several architectures and for the host
// CPU and Vulkan; at load time the runtime picks the one for the device: for a
// CUDA device, as CUDA's own rules for running SASS and PTX allow; for an AMD
// GPU, as AMD's loader does (object_format/AmdgpuChips.h).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_OBJECT_SELECTION_H
#define OFFLOAD_RUNTIME_OBJECT_SELECTION_H

#include "mgpu/mgpu.h"

#include <string>

namespace object_format {
struct AmdgpuTargetId;
} // namespace object_format

namespace mgpu {

/// The index of the best object for a device of compute capability
/// `computeCapability` (90 for sm_90), or -1 if none can run there.
int SelectObject(const MgpuObject *objects, int count, int computeCapability);

/// The index of the best AMDGPU object for an AMD GPU of target ID `device`
/// ("gfx90a:sramecc+:xnack-"), or -1 if none can run there. An object runs
/// on its own chip only, where each of xnack and sramecc that it fixes (on
/// or off) is fixed the same way on the device
/// (object_format::isAmdgpuObjectCompatible); among those, the one that
/// leaves the fewest of the device's modes open is best (it was compiled for
/// exactly this device), then the first.
int SelectAmdgpuObject(const MgpuObject *objects, int count,
                       const object_format::AmdgpuTargetId &device);

/// The index of the host object for a CPU of ELF machine `elfMachine`, or
/// -1 if there is none.
int SelectHostObject(const MgpuObject *objects, int count, int elfMachine);

/// The index of the SPIR-V object for the Vulkan backend, or -1 if there is
/// none.
int SelectSpirvObject(const MgpuObject *objects, int count);

/// "cubin sm_90, PTX sm_100a, AMDGPU gfx90a:xnack-, host x86-64, SPIR-V": what
/// the objects are, for messages.
std::string DescribeObjects(const MgpuObject *objects, int count);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_OBJECT_SELECTION_H
