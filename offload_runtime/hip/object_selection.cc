//===- object_selection.cc - The code object that fits an AMD GPU ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/hip/object_selection.h"

#include "object_format/amdgpu/AmdgpuChips.h"

#include <cstdint>
#include <string>
#include <utility>

namespace mgpu::hip {
namespace {

/// The e_flags of an AMDGPU object: its chip's mach and its modes.
uint32_t FlagsOf(const MgpuObject &object) {
  return static_cast<uint32_t>(object.arch) |
         static_cast<uint32_t>(object.archVariant);
}

} // namespace

int SelectAmdgpuObject(const MgpuObject *objects, int count,
                       const object_format::AmdgpuTargetId &device) {
  using object_format::AmdgpuFeatureSetting;
  int best = -1, bestOpen = 0;
  for (int i = 0; i < count; ++i) {
    if (objects[i].kind != MGPU_OBJECT_AMDGPU)
      continue;
    const uint32_t flags = FlagsOf(objects[i]);
    if (!object_format::isAmdgpuObjectCompatible(flags, device))
      continue;
    // The modes the device fixes that the object leaves open.
    int open = 0;
    for (auto [mask, setting] :
         {std::pair{object_format::kAmdgpuXnackMask, device.xnack},
          std::pair{object_format::kAmdgpuSrameccMask, device.sramecc}})
      open += setting != AmdgpuFeatureSetting::Any &&
              object_format::getAmdgpuFeatureSetting(flags, mask) != setting;
    if (best < 0 || open < bestOpen) {
      best = i;
      bestOpen = open;
    }
  }
  return best;
}

std::string DescribeAmdgpuObject(const MgpuObject &object) {
  std::string id = object_format::describeAmdgpuFlags(FlagsOf(object));
  return id.rfind("AMDGPU", 0) == 0 ? id : "AMDGPU " + id;
}

} // namespace mgpu::hip
