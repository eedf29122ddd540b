//===- object_selection.h - The code object that fits an AMD GPU -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Of a gpu.binary's objects, the AMDGPU code object that an AMD GPU runs, as
// AMD's loader chooses (object_format/amdgpu/AmdgpuChips.h).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HIP_OBJECT_SELECTION_H
#define OFFLOAD_RUNTIME_HIP_OBJECT_SELECTION_H

#include "mgpu/mgpu.h"

#include <string>

namespace object_format {
struct AmdgpuTargetId;
} // namespace object_format

namespace mgpu::hip {

/// The index of the best AMDGPU object for an AMD GPU of target ID `device`
/// ("gfx90a:sramecc+:xnack-"), or -1 if none can run there. An object runs
/// on its own chip only, where each of xnack and sramecc that it fixes (on
/// or off) is fixed the same way on the device
/// (object_format::isAmdgpuObjectCompatible); among those, the one that
/// leaves the fewest of the device's modes open is best (it was compiled for
/// exactly this device), then the first.
int SelectAmdgpuObject(const MgpuObject *objects, int count,
                       const object_format::AmdgpuTargetId &device);

/// "AMDGPU gfx90a:xnack-", or "AMDGPU machine 0x12" for a chip without a
/// name: an AMDGPU object, for messages.
std::string DescribeAmdgpuObject(const MgpuObject &object);

} // namespace mgpu::hip

#endif // OFFLOAD_RUNTIME_HIP_OBJECT_SELECTION_H
