//===- object_selection.cc - The object that fits a device ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/object_selection.h"

#include "object_format/AmdgpuChips.h"
#include "object_format/ObjectFormat.h"

#include <cstdint>
#include <string>
#include <utility>

namespace mgpu {
namespace {

/// How well `object` suits the device, lower is better; -1 if it cannot run.
int Rank(const MgpuObject &object, int cc) {
  const int major = cc / 10, objectMajor = object.arch / 10;
  const bool exact = object.arch == cc;
  const bool sameFamilyOlder = objectMajor == major && object.arch <= cc;
  // Native code: exact, or an older minor of the same major unless it is
  // architecture-specific ('a').
  const bool nativeRuns =
      exact || (sameFamilyOlder && object.archVariant != MGPU_ARCH_SPECIFIC);
  // PTX compiles for any newer device, except 'a' (exactly its own) and 'f'
  // (its own family).
  const bool ptxRuns = object.archVariant == MGPU_ARCH_SPECIFIC ? exact
                       : object.archVariant == MGPU_ARCH_FAMILY
                           ? sameFamilyOlder
                           : object.arch <= cc;
  switch (object.kind) {
  case MGPU_OBJECT_CUBIN:
    return !nativeRuns ? -1 : exact ? 0 : 1;
  case MGPU_OBJECT_FATBIN: // a cubin and its PTX
    return nativeRuns ? (exact ? 0 : 1) : ptxRuns ? 2 : -1;
  case MGPU_OBJECT_PTX:
    return ptxRuns ? 2 : -1;
  default:
    return -1;
  }
}

} // namespace

int SelectObject(const MgpuObject *objects, int count, int computeCapability) {
  int best = -1, bestRank = 0;
  for (int i = 0; i < count; ++i) {
    int rank = Rank(objects[i], computeCapability);
    if (rank < 0)
      continue;
    // Then the newest architecture: it knows the most of the device.
    if (best < 0 || rank < bestRank ||
        (rank == bestRank && objects[i].arch > objects[best].arch)) {
      best = i;
      bestRank = rank;
    }
  }
  return best;
}

int SelectAmdgpuObject(const MgpuObject *objects, int count,
                       const object_format::AmdgpuTargetId &device) {
  using object_format::AmdgpuFeatureSetting;
  int best = -1, bestOpen = 0;
  for (int i = 0; i < count; ++i) {
    if (objects[i].kind != MGPU_OBJECT_AMDGPU)
      continue;
    const uint32_t flags = static_cast<uint32_t>(objects[i].arch) |
                           static_cast<uint32_t>(objects[i].archVariant);
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

int SelectHostObject(const MgpuObject *objects, int count, int elfMachine) {
  for (int i = 0; i < count; ++i)
    if (objects[i].kind == MGPU_OBJECT_HOST && objects[i].arch == elfMachine)
      return i;
  return -1;
}

int SelectSpirvObject(const MgpuObject *objects, int count) {
  for (int i = 0; i < count; ++i)
    if (objects[i].kind == MGPU_OBJECT_SPIRV)
      return i;
  return -1;
}

std::string DescribeObjects(const MgpuObject *objects, int count) {
  std::string text;
  for (int i = 0; i < count; ++i) {
    const MgpuObject &object = objects[i];
    if (i)
      text += ", ";
    if (object.kind == MGPU_OBJECT_HOST) {
      text += "host " + object_format::describeElfMachine(object.arch);
      continue;
    }
    if (object.kind == MGPU_OBJECT_SPIRV) {
      text += "SPIR-V";
      continue;
    }
    if (object.kind == MGPU_OBJECT_AMDGPU) {
      // "gfx90a:xnack-", or "AMDGPU machine 0x12" for a chip without a name.
      std::string id = object_format::describeAmdgpuFlags(
          static_cast<uint32_t>(object.arch) |
          static_cast<uint32_t>(object.archVariant));
      text += id.rfind("AMDGPU", 0) == 0 ? id : "AMDGPU " + id;
      continue;
    }
    text += object.kind == MGPU_OBJECT_CUBIN    ? "cubin"
            : object.kind == MGPU_OBJECT_FATBIN ? "fatbin"
            : object.kind == MGPU_OBJECT_PTX    ? "PTX"
                                                : "unknown object";
    text += " sm_" + std::to_string(object.arch);
    if (object.archVariant == MGPU_ARCH_SPECIFIC)
      text += "a";
    else if (object.archVariant == MGPU_ARCH_FAMILY)
      text += "f";
  }
  return text.empty() ? "no objects" : text;
}

} // namespace mgpu
