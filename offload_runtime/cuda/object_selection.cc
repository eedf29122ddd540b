//===- object_selection.cc - The CUDA object that fits a device -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/object_selection.h"

#include <string>

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

int SelectCudaObject(const MgpuObject *objects, int count,
                     int computeCapability) {
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

std::string DescribeCudaObject(const MgpuObject &object) {
  std::string text = object.kind == MGPU_OBJECT_CUBIN    ? "cubin"
                     : object.kind == MGPU_OBJECT_FATBIN ? "fatbin"
                                                         : "PTX";
  text += " sm_" + std::to_string(object.arch);
  if (object.archVariant == MGPU_ARCH_SPECIFIC)
    text += "a";
  else if (object.archVariant == MGPU_ARCH_FAMILY)
    text += "f";
  return text;
}

} // namespace mgpu
