//===- AmdgpuChips.cpp - AMD GPUs, their ELF flags and target IDs ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "object_format/amdgpu/AmdgpuChips.h"

#include <cstring>
#include <iterator>

namespace object_format {

// From LLVM 22: AMDGPU::GPUKind with getArchAttrAMDGCN's XNACK, SRAMECC and
// WAVE32 features and getIsaVersion, and ELF.h's EF_AMDGPU_MACH_AMDGCN_*,
// checked against the e_flags of llc-22's code objects for each chip (which
// give gfx1250 and gfx1251 xnack and sramecc, as getArchAttrAMDGCN does
// not). gfx1250 and gfx1251 run waves of 32 lanes only. gfx6 and gfx7 are
// left out: they lack ds_bpermute, which every subgroup operation needs,
// and no ROCm release supports them. The generic targets
// (gfx9-generic, ...) are left out: no HIP device reports them. Constant:
// the runtime reads it from global constructors, before any dynamic
// initialization of this file might have run.
static constexpr AmdgpuChip kChips[] = {
    {"gfx801", 0x028, 8001, true, false, false, false},
    {"gfx802", 0x029, 8002, false, false, false, false},
    {"gfx803", 0x02a, 8003, false, false, false, false},
    {"gfx805", 0x03c, 8005, false, false, false, false},
    {"gfx810", 0x02b, 8100, true, false, false, false},
    {"gfx900", 0x02c, 9000, true, false, false, false},
    {"gfx902", 0x02d, 9002, true, false, false, false},
    {"gfx904", 0x02e, 9004, true, false, false, false},
    {"gfx906", 0x02f, 9006, true, true, false, false},
    {"gfx908", 0x030, 9008, true, true, false, false},
    {"gfx909", 0x031, 9009, true, false, false, false},
    {"gfx90a", 0x03f, 9010, true, true, false, false},
    {"gfx90c", 0x032, 9012, true, false, false, false},
    {"gfx942", 0x04c, 9402, true, true, false, false},
    {"gfx950", 0x04f, 9500, true, true, false, false},
    {"gfx1010", 0x033, 10100, true, false, true, true},
    {"gfx1011", 0x034, 10101, true, false, true, true},
    {"gfx1012", 0x035, 10102, true, false, true, true},
    {"gfx1013", 0x042, 10103, true, false, true, true},
    {"gfx1030", 0x036, 10300, false, false, true, true},
    {"gfx1031", 0x037, 10301, false, false, true, true},
    {"gfx1032", 0x038, 10302, false, false, true, true},
    {"gfx1033", 0x039, 10303, false, false, true, true},
    {"gfx1034", 0x03e, 10304, false, false, true, true},
    {"gfx1035", 0x03d, 10305, false, false, true, true},
    {"gfx1036", 0x045, 10306, false, false, true, true},
    {"gfx1100", 0x041, 11000, false, false, true, true},
    {"gfx1101", 0x046, 11001, false, false, true, true},
    {"gfx1102", 0x047, 11002, false, false, true, true},
    {"gfx1103", 0x044, 11003, false, false, true, true},
    {"gfx1150", 0x043, 11500, false, false, true, true},
    {"gfx1151", 0x04a, 11501, false, false, true, true},
    {"gfx1152", 0x055, 11502, false, false, true, true},
    {"gfx1153", 0x058, 11503, false, false, true, true},
    {"gfx1200", 0x048, 12000, false, false, true, true},
    {"gfx1201", 0x04e, 12001, false, false, true, true},
    {"gfx1250", 0x049, 12500, true, true, true, false},
    {"gfx1251", 0x05a, 12501, true, true, true, false},
};

AmdgpuChipList getAmdgpuChips() { return {kChips, std::size(kChips)}; }

const AmdgpuChip *lookupAmdgpuChip(std::string_view name) {
  for (const AmdgpuChip &chip : kChips)
    if (chip.name == name)
      return &chip;
  return nullptr;
}

const AmdgpuChip *lookupAmdgpuChipByMach(uint32_t mach) {
  for (const AmdgpuChip &chip : kChips)
    if (chip.mach == mach)
      return &chip;
  return nullptr;
}

std::string listAmdgpuChips() {
  std::string list;
  for (const AmdgpuChip &chip : kChips) {
    if (!list.empty())
      list += ", ";
    list += chip.name;
  }
  return list;
}

/// Sets `setting` from one `name+`/`name-` entry of a target ID; false with
/// `error` set when it cannot.
static bool parseFeature(std::string_view entry, std::string_view name,
                         bool chipHasIt, const AmdgpuChip &chip,
                         AmdgpuFeatureSetting &setting, std::string &error) {
  if (!chipHasIt) {
    error = std::string(chip.name) + " has no " + std::string(name);
    return false;
  }
  if (setting != AmdgpuFeatureSetting::Any) {
    error = std::string(name) + " is set twice";
    return false;
  }
  setting = entry.back() == '+' ? AmdgpuFeatureSetting::On
                                : AmdgpuFeatureSetting::Off;
  return true;
}

std::optional<AmdgpuTargetId> parseAmdgpuTargetId(std::string_view id,
                                                  std::string *error) {
  std::string message;
  size_t colon = id.find(':');
  std::string_view name = id.substr(0, colon);
  AmdgpuTargetId result;
  result.chip = lookupAmdgpuChip(name);
  if (!result.chip) {
    message = "unknown AMD GPU '" + std::string(name) + "'";
  } else {
    while (colon != std::string_view::npos && message.empty()) {
      id.remove_prefix(colon + 1);
      colon = id.find(':');
      std::string_view entry = id.substr(0, colon);
      std::string_view feature = entry.substr(0, entry.size() - 1);
      bool signedEntry =
          !entry.empty() && (entry.back() == '+' || entry.back() == '-');
      if (signedEntry && feature == "xnack")
        parseFeature(entry, feature, result.chip->hasXnack, *result.chip,
                     result.xnack, message);
      else if (signedEntry && feature == "sramecc")
        parseFeature(entry, feature, result.chip->hasSramecc, *result.chip,
                     result.sramecc, message);
      else
        message = "'" + std::string(entry) +
                  "' is not xnack+, xnack-, sramecc+ or sramecc-";
    }
  }
  if (message.empty())
    return result;
  if (error)
    *error = message;
  return std::nullopt;
}

static uint32_t featureBits(AmdgpuFeatureSetting setting, bool chipHasIt,
                            uint32_t mask) {
  if (!chipHasIt)
    return 0;
  uint32_t lowest = mask & ~(mask << 1);
  return static_cast<uint32_t>(setting) * lowest;
}

uint32_t getAmdgpuFeatureFlags(const AmdgpuTargetId &id) {
  return featureBits(id.xnack, id.chip->hasXnack, kAmdgpuXnackMask) |
         featureBits(id.sramecc, id.chip->hasSramecc, kAmdgpuSrameccMask);
}

AmdgpuFeatureSetting getAmdgpuFeatureSetting(uint32_t flags, uint32_t mask) {
  uint32_t lowest = mask & ~(mask << 1);
  return static_cast<AmdgpuFeatureSetting>((flags & mask) / lowest);
}

std::string describeAmdgpuFlags(uint32_t flags) {
  const AmdgpuChip *chip = lookupAmdgpuChipByMach(flags & kAmdgpuMachMask);
  if (!chip) {
    static const char kHex[] = "0123456789abcdef";
    uint32_t mach = flags & kAmdgpuMachMask;
    return std::string("AMDGPU machine 0x") + kHex[mach >> 4] + kHex[mach & 15];
  }
  std::string id(chip->name);
  // In the order LLVM writes target IDs.
  for (auto [mask, name] : {std::pair{kAmdgpuSrameccMask, ":sramecc"},
                            std::pair{kAmdgpuXnackMask, ":xnack"}}) {
    AmdgpuFeatureSetting setting = getAmdgpuFeatureSetting(flags, mask);
    if (setting == AmdgpuFeatureSetting::On)
      id += std::string(name) + "+";
    else if (setting == AmdgpuFeatureSetting::Off)
      id += std::string(name) + "-";
  }
  return id;
}

/// Whether an object's setting of one feature runs on a device's.
static bool featureCompatible(AmdgpuFeatureSetting object,
                              AmdgpuFeatureSetting device) {
  if (object == AmdgpuFeatureSetting::Any ||
      object == AmdgpuFeatureSetting::Unsupported)
    return true;
  return object == device;
}

bool isAmdgpuObjectCompatible(uint32_t objectFlags,
                              const AmdgpuTargetId &device) {
  if (!device.chip || (objectFlags & kAmdgpuMachMask) != device.chip->mach)
    return false;
  return featureCompatible(
             getAmdgpuFeatureSetting(objectFlags, kAmdgpuXnackMask),
             device.xnack) &&
         featureCompatible(
             getAmdgpuFeatureSetting(objectFlags, kAmdgpuSrameccMask),
             device.sramecc);
}

std::optional<uint32_t> readElfFlags(const void *data, size_t size) {
  // e_flags of Elf64_Ehdr, after e_ident[16], e_type, e_machine, e_version,
  // e_entry, e_phoff and e_shoff.
  constexpr size_t kFlagsOffset = 48;
  const auto *bytes = static_cast<const unsigned char *>(data);
  if (!data || size < 64 ||
      std::memcmp(bytes,
                  "\x7f"
                  "ELF",
                  4) != 0 ||
      bytes[4] != 2 || bytes[5] != 1)
    return std::nullopt;
  uint32_t flags = 0;
  for (int i = 3; i >= 0; --i)
    flags = flags << 8 | bytes[kFlagsOffset + i];
  return flags;
}

} // namespace object_format
