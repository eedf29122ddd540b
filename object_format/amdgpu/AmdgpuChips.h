//===- AmdgpuChips.h - AMD GPUs, their ELF flags and target IDs -*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one table of AMD GPUs: every gfx processor that LLVM 22's AMDGPU
// backend compiles for, with the e_flags machine its code objects carry,
// the ISA version the device libraries are told, and the features (xnack,
// sramecc, wave32) that a target ID may set. The compiler's verifier and
// serializer, the translation, the runtime's HIP backend and the test HIP
// runtime all read it here, so that a chip is known or unknown everywhere
// at once. Plain C++17, like ObjectFormat.h.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_OBJECT_FORMAT_AMDGPU_AMDGPUCHIPS_H
#define OFFLOAD_OBJECT_FORMAT_AMDGPU_AMDGPUCHIPS_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace object_format {

struct AmdgpuChip {
  /// "gfx90a".
  std::string_view name;
  /// EF_AMDGPU_MACH_* of its code objects: e_flags & kAmdgpuMachMask.
  uint32_t mach;
  /// major * 1000 + minor * 100 + stepping (9010 for gfx90a), as the device
  /// libraries' __oclc_ISA_version.
  uint32_t isaVersion;
  /// Whether a target ID may set xnack, sramecc.
  bool hasXnack;
  bool hasSramecc;
  /// Waves of 32 lanes by default (gfx10 and later), else 64.
  bool wave32;
  /// A wave32 chip that can also run waves of 64 lanes.
  bool hasWave64Option;
};

/// e_flags of an AMDGPU code object (code object version 4 and later).
constexpr uint32_t kAmdgpuMachMask = 0x0ff;
constexpr uint32_t kAmdgpuXnackMask = 0x300;
constexpr uint32_t kAmdgpuSrameccMask = 0xc00;
/// What an object's e_flags say of one feature, in its mask's place:
/// XNACK_ANY is 0x100, SRAMECC_ANY 0x400, and so on.
enum class AmdgpuFeatureSetting : uint32_t {
  Unsupported = 0,
  Any = 1,
  Off = 2,
  On = 3,
};

/// The table, for range-for.
struct AmdgpuChipList {
  const AmdgpuChip *first;
  size_t size;
  const AmdgpuChip *begin() const { return first; }
  const AmdgpuChip *end() const { return first + size; }
};

/// Every chip, oldest family first.
AmdgpuChipList getAmdgpuChips();

/// The chip called `name` ("gfx90a"), or null.
const AmdgpuChip *lookupAmdgpuChip(std::string_view name);

/// The chip whose code objects carry `mach`, or null.
const AmdgpuChip *lookupAmdgpuChipByMach(uint32_t mach);

/// "gfx600, gfx601, ...": for diagnostics.
std::string listAmdgpuChips();

/// A target ID: "gfx90a", "gfx90a:xnack-", "gfx942:sramecc+:xnack+", as
/// LLVM's -mcpu and a HIP device's gcnArchName write them.
struct AmdgpuTargetId {
  const AmdgpuChip *chip = nullptr;
  /// Any where the ID does not say.
  AmdgpuFeatureSetting xnack = AmdgpuFeatureSetting::Any;
  AmdgpuFeatureSetting sramecc = AmdgpuFeatureSetting::Any;
};

/// Parses a target ID: a known chip, then at most one `:xnack+`/`:xnack-`
/// and one `:sramecc+`/`:sramecc-`, each only on a chip that has it.
/// Returns the error message ("unknown AMD GPU 'gfx91'") on failure.
std::optional<AmdgpuTargetId> parseAmdgpuTargetId(std::string_view id,
                                                  std::string *error);

/// The e_flags' feature bits (xnack and sramecc) that code for `id` carries:
/// Any for a feature the ID leaves open, Unsupported for one the chip lacks.
uint32_t getAmdgpuFeatureFlags(const AmdgpuTargetId &id);

/// The setting of the feature under `mask` (kAmdgpuXnackMask or
/// kAmdgpuSrameccMask) in `flags`.
AmdgpuFeatureSetting getAmdgpuFeatureSetting(uint32_t flags, uint32_t mask);

/// "gfx90a:sramecc+:xnack-" from an object's e_flags, or "AMDGPU machine
/// 0x12" for a machine the table lacks. Features set to Any are left out.
std::string describeAmdgpuFlags(uint32_t flags);

/// Whether code whose e_flags are `objectFlags` runs on the device `device`:
/// the same chip, and each feature the object fixes (On or Off) fixed the
/// same way on the device. A device's open feature (Any) runs only objects
/// that leave it open too, as AMD's loader does.
bool isAmdgpuObjectCompatible(uint32_t objectFlags,
                              const AmdgpuTargetId &device);

/// The e_flags of the 64-bit little-endian ELF file of `size` bytes at
/// `data`, or nothing where its header is not whole.
std::optional<uint32_t> readElfFlags(const void *data, size_t size);

} // namespace object_format

#endif // OFFLOAD_OBJECT_FORMAT_AMDGPU_AMDGPUCHIPS_H
