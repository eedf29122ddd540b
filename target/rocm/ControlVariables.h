//===- ControlVariables.h - The device libraries' __oclc_* controls -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// ocml and ockl read a few constants that they leave undefined (the ISA
// version, the wave size, the math options, the code object version) and
// fold them away once they are known. ROCm ships one oclc_*.bc "library" per
// value, but only for the chips of its release (Debian's ROCm 5.2 stops at
// gfx1036 and lacks gfx942 and every newer chip), so the module defines them
// itself, as upstream's #rocdl.target does: from the chip table and the
// attribute, the same on every machine.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_ROCM_CONTROLVARIABLES_H
#define OFFLOAD_TARGET_ROCM_CONTROLVARIABLES_H

#include "dialects/OffloadDialect.h"
#include "dialects/rocm/RocmTargetAttr.h"
#include "object_format/amdgpu/AmdgpuChips.h"

#include <cstdint>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::offload::rocm {

/// The values of the __oclc_* variables.
struct ControlValues {
  /// __oclc_ISA_version: the chip table's isaVersion (9010 for gfx90a).
  uint32_t isaVersion;
  /// __oclc_ABI_version: the code object version, `abi` (400, 500, 600).
  uint32_t abiVersion;
  /// __oclc_wavefrontsize64: waves of 64 lanes.
  bool wavefrontSize64;
  /// ocml's: __oclc_daz_opt (`daz` or `fast`), __oclc_finite_only_opt
  /// (`finite_only` or `fast`), __oclc_unsafe_math_opt (`unsafe_math` or
  /// `fast`), __oclc_correctly_rounded_sqrt32 (unless `fast`).
  bool daz;
  bool finiteOnly;
  bool unsafeMath;
  bool correctlyRoundedSqrt32;
};

/// What `target`, for the chip of `id`, sets them to.
ControlValues getControlValues(RocmTargetAttr target,
                               const object_format::AmdgpuTargetId &id);

/// Defines the variables that the linked libraries read, as upstream's
/// addControlVariables: ISA, ABI and wave size for ocml or ockl, the math
/// options for ocml (`withOcml`). Each is a linkonce_odr protected constant
/// in the constant address space (4): an i8 for a flag, an i32 for a
/// version. One that the module (or a file it linked) defines is left as it
/// is; one it only declares gets its value.
void defineControlVariables(llvm::Module &module, const ControlValues &values,
                            bool withOcml);

} // namespace mlir::offload::rocm

#endif // OFFLOAD_TARGET_ROCM_CONTROLVARIABLES_H
