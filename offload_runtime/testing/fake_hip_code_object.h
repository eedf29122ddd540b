//===- fake_hip_code_object.h - The test HIP runtime's loader ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What AMD's loader checks of a code object before it runs one, and where it
// finds a kernel: the test HIP runtime refuses what a real one refuses, with
// the same error, and finds only the kernels a real one finds.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTING_FAKE_HIP_CODE_OBJECT_H
#define OFFLOAD_RUNTIME_TESTING_FAKE_HIP_CODE_OBJECT_H

#include "object_format/amdgpu/AmdgpuChips.h"

#include <cstdint>
#include <set>
#include <string>

namespace fake_hip {

struct CodeObject {
  /// e_flags: the chip, xnack and sramecc.
  uint32_t flags = 0;
  /// The kernels: each name whose kernel descriptor (`name.kd`, a defined
  /// STT_OBJECT) is in the dynamic symbol table.
  std::set<std::string> kernels;
};

enum class LoadResult {
  Ok,
  /// Not a code object the loader reads, or a damaged one
  /// (hipErrorInvalidImage).
  Invalid,
  /// A code object for another chip or mode (hipErrorNoBinaryForGpu).
  NotForDevice,
};

/// Checks the code object at `image`, which comes without a size (the
/// loader reads it as far as its headers say), against `device`.
LoadResult InspectCodeObject(const void *image,
                             const object_format::AmdgpuTargetId &device,
                             CodeObject &object);

} // namespace fake_hip

#endif // OFFLOAD_RUNTIME_TESTING_FAKE_HIP_CODE_OBJECT_H
