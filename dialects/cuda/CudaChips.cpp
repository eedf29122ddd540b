//===- CudaChips.cpp - NVIDIA chips and PTX ISA versions ------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/cuda/CudaChips.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace mlir::offload::cuda {

// From LLVM 22's NVPTX.td, restricted to the chips that CUDA 13's ptxas
// accepts (it dropped everything before sm_75, and renamed sm_101 to sm_110).
static constexpr Chip kChips[] = {
    {"sm_75", 75, ArchVariant::Portable, 63},
    {"sm_80", 80, ArchVariant::Portable, 70},
    {"sm_86", 86, ArchVariant::Portable, 71},
    {"sm_87", 87, ArchVariant::Portable, 74},
    {"sm_88", 88, ArchVariant::Portable, 90},
    {"sm_89", 89, ArchVariant::Portable, 78},
    {"sm_90", 90, ArchVariant::Portable, 78},
    {"sm_90a", 90, ArchVariant::Specific, 80},
    {"sm_100", 100, ArchVariant::Portable, 86},
    {"sm_100a", 100, ArchVariant::Specific, 86},
    {"sm_100f", 100, ArchVariant::Family, 88},
    {"sm_103", 103, ArchVariant::Portable, 88},
    {"sm_103a", 103, ArchVariant::Specific, 88},
    {"sm_103f", 103, ArchVariant::Family, 88},
    {"sm_110", 110, ArchVariant::Portable, 90},
    {"sm_110a", 110, ArchVariant::Specific, 90},
    {"sm_110f", 110, ArchVariant::Family, 90},
    {"sm_120", 120, ArchVariant::Portable, 87},
    {"sm_120a", 120, ArchVariant::Specific, 87},
    {"sm_120f", 120, ArchVariant::Family, 88},
    {"sm_121", 121, ArchVariant::Portable, 88},
    {"sm_121a", 121, ArchVariant::Specific, 88},
    {"sm_121f", 121, ArchVariant::Family, 88},
};

// The PTX ISA versions that LLVM 22's NVPTX backend can emit.
static constexpr unsigned kPtxVersions[] = {
    32, 40, 41, 42, 43, 50, 60, 61, 62, 63, 64, 65, 70, 71, 72, 73,
    74, 75, 76, 77, 78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90};

ArrayRef<Chip> getSupportedChips() { return kChips; }

const Chip *lookupChip(StringRef name) {
  const Chip *it =
      find_if(kChips, [&](const Chip &chip) { return chip.name == name; });
  return it == std::end(kChips) ? nullptr : it;
}

std::string listSupportedChips() {
  return join(map_range(kChips, [](const Chip &chip) { return chip.name; }),
              ", ");
}

StringRef getArchSuffix(const Chip &chip) {
  return chip.name.drop_front(strlen("sm_"));
}

bool isKnownPtxVersion(unsigned version) {
  return is_contained(kPtxVersions, version);
}

unsigned getCudaVersionForPtx(unsigned version) {
  // From the PTX ISA manual's release notes.
  static constexpr std::pair<unsigned, unsigned> kReleases[] = {
      {78, 118}, {80, 120}, {81, 121}, {82, 122}, {83, 123}, {84, 124},
      {85, 125}, {86, 127}, {87, 128}, {88, 129}, {90, 130}};
  unsigned cuda = 110;
  for (auto [ptx, release] : kReleases)
    if (ptx <= version)
      cuda = release;
  return cuda;
}

std::string formatPtxVersion(unsigned version) {
  return std::to_string(version / 10) + "." + std::to_string(version % 10);
}

Expected<std::optional<unsigned>> parsePtxFeatures(StringRef features) {
  std::optional<unsigned> version;
  if (features.empty())
    return version;
  SmallVector<StringRef> entries;
  features.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  for (StringRef entry : entries) {
    // Exactly the spelling LLVM knows: it takes " +ptx80" or "+ptx0080" for
    // features of their own name, warns outside any diagnostic, and falls
    // back to its default PTX version.
    StringRef digits = entry;
    unsigned value = 0;
    if (!digits.consume_front("+ptx") || digits.empty() ||
        !llvm::all_of(digits, isDigit) || digits.front() == '0' ||
        digits.getAsInteger(10, value))
      return createStringError(
          "unsupported feature '%s': features are '+ptxNN' entries, "
          "separated by commas without spaces, that choose the PTX ISA "
          "version, for example '+ptx80'",
          entry.str().c_str());
    if (!isKnownPtxVersion(value))
      return createStringError(
          "unknown PTX ISA version in '%s'; LLVM 22 emits PTX %s to %s",
          entry.str().c_str(), formatPtxVersion(kPtxVersions[0]).c_str(),
          formatPtxVersion(std::end(kPtxVersions)[-1]).c_str());
    version = value;
  }
  return version;
}

} // namespace mlir::offload::cuda
