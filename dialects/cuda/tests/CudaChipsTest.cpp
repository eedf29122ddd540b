//===- CudaChipsTest.cpp - Tests of the chip and PTX version table --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/cuda/CudaChips.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace mlir::offload::cuda;
using ::testing::HasSubstr;

namespace {

std::string errorOf(llvm::Expected<std::optional<unsigned>> result) {
  EXPECT_FALSE(static_cast<bool>(result));
  return result ? std::string() : llvm::toString(result.takeError());
}

TEST(CudaChips, LooksUpChipsCuda13Supports) {
  const Chip *sm90 = lookupChip("sm_90");
  ASSERT_NE(sm90, nullptr);
  EXPECT_EQ(sm90->minPtxVersion, 78u);
  EXPECT_EQ(getArchSuffix(*sm90), "90");
  const Chip *sm90a = lookupChip("sm_90a");
  ASSERT_NE(sm90a, nullptr);
  EXPECT_EQ(sm90a->minPtxVersion, 80u);
  EXPECT_EQ(getArchSuffix(*sm90a), "90a");
}

TEST(CudaChips, ArchitectureAndVariantMatchTheName) {
  for (const Chip &chip : getSupportedChips()) {
    std::string suffix = chip.variant == ArchVariant::Specific ? "a"
                         : chip.variant == ArchVariant::Family ? "f"
                                                               : "";
    EXPECT_EQ(chip.name.str(), "sm_" + std::to_string(chip.arch) + suffix);
  }
  EXPECT_EQ(lookupChip("sm_100f")->variant, ArchVariant::Family);
  EXPECT_EQ(lookupChip("sm_90a")->arch, 90u);
}

TEST(CudaChips, RejectsChipsCuda13DroppedOrNeverHad) {
  EXPECT_EQ(lookupChip("sm_50"), nullptr);
  EXPECT_EQ(lookupChip("sm_70"), nullptr);
  EXPECT_EQ(lookupChip("sm_101"), nullptr); // renamed sm_110 in CUDA 13
  EXPECT_EQ(lookupChip("gfx90a"), nullptr);
  EXPECT_EQ(lookupChip(""), nullptr);
}

TEST(CudaChips, ListsChipsOldestFirst) {
  std::string list = listSupportedChips();
  EXPECT_EQ(list.rfind("sm_75, sm_80, ", 0), 0u) << list;
  EXPECT_THAT(list, HasSubstr("sm_120a"));
  EXPECT_EQ(getSupportedChips().front().name, kDefaultChip);
}

TEST(CudaChips, EveryChipNeedsAPtxVersionLlvmKnows) {
  for (const Chip &chip : getSupportedChips())
    EXPECT_TRUE(isKnownPtxVersion(chip.minPtxVersion)) << chip.name.str();
}

TEST(CudaChips, FormatsPtxVersions) {
  EXPECT_EQ(formatPtxVersion(78), "7.8");
  EXPECT_EQ(formatPtxVersion(90), "9.0");
}

TEST(CudaChips, ParsesFeatures) {
  llvm::Expected<std::optional<unsigned>> none = parsePtxFeatures("");
  ASSERT_TRUE(static_cast<bool>(none));
  EXPECT_FALSE(none->has_value());

  llvm::Expected<std::optional<unsigned>> one = parsePtxFeatures("+ptx80");
  ASSERT_TRUE(static_cast<bool>(one));
  EXPECT_EQ(**one, 80u);

  // As in LLVM, the last version named wins.
  llvm::Expected<std::optional<unsigned>> two =
      parsePtxFeatures("+ptx80,+ptx86");
  ASSERT_TRUE(static_cast<bool>(two));
  EXPECT_EQ(**two, 86u);
}

TEST(CudaChips, RejectsFeaturesItCannotHonour) {
  EXPECT_THAT(errorOf(parsePtxFeatures("+sm_90")),
              HasSubstr("unsupported feature '+sm_90'"));
  EXPECT_THAT(errorOf(parsePtxFeatures("-ptx80")),
              HasSubstr("unsupported feature '-ptx80'"));
  EXPECT_THAT(errorOf(parsePtxFeatures("+ptxabc")),
              HasSubstr("unsupported feature '+ptxabc'"));
  EXPECT_THAT(errorOf(parsePtxFeatures("+ptx79")),
              HasSubstr("unknown PTX ISA version in '+ptx79'"));
}

// LLVM takes any other spelling for a feature of its own name: it warns
// outside any diagnostic and emits its default PTX version.
TEST(CudaChips, RejectsSpellingsLlvmWouldMisread) {
  for (llvm::StringRef features :
       {" +ptx80 ", "+ptx80, +ptx86", "+ptx0080", "+ptx", "+ptx+80", "+ptx80,",
        ",+ptx80", "+PTX80"})
    EXPECT_THAT(errorOf(parsePtxFeatures(features)),
                HasSubstr("unsupported feature"))
        << "'" << features.str() << "'";
}

} // namespace
