//===- object_selection_test.cc - Choosing an object for a device ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/object_selection.h"

#include "gtest/gtest.h"

#include <vector>

namespace {

MgpuObject Object(int kind, int arch, int variant = MGPU_ARCH_PORTABLE) {
  return MgpuObject{nullptr, 0, kind, arch, variant, 0};
}

int Select(const std::vector<MgpuObject> &objects, int cc) {
  return mgpu::SelectObject(objects.data(), objects.size(), cc);
}

TEST(ObjectSelection, ExactCubinWins) {
  std::vector<MgpuObject> objects = {Object(MGPU_OBJECT_PTX, 90),
                                     Object(MGPU_OBJECT_CUBIN, 80),
                                     Object(MGPU_OBJECT_CUBIN, 90)};
  EXPECT_EQ(Select(objects, 90), 2);
  EXPECT_EQ(Select(objects, 80), 1);
}

TEST(ObjectSelection, CompatibleCubinBeforePtx) {
  std::vector<MgpuObject> objects = {Object(MGPU_OBJECT_PTX, 75),
                                     Object(MGPU_OBJECT_CUBIN, 80)};
  // sm_86 runs sm_80 SASS natively.
  EXPECT_EQ(Select(objects, 86), 1);
  // sm_90 does not: only PTX can serve it.
  EXPECT_EQ(Select(objects, 90), 0);
}

TEST(ObjectSelection, NewestOfEqualRank) {
  std::vector<MgpuObject> objects = {
      Object(MGPU_OBJECT_CUBIN, 80), Object(MGPU_OBJECT_CUBIN, 86),
      Object(MGPU_OBJECT_PTX, 75), Object(MGPU_OBJECT_PTX, 80)};
  EXPECT_EQ(Select(objects, 87), 1);
  EXPECT_EQ(Select(objects, 100), 3);
}

TEST(ObjectSelection, ArchitectureSpecificRunsOnlyOnItsChip) {
  std::vector<MgpuObject> objects = {
      Object(MGPU_OBJECT_CUBIN, 90, MGPU_ARCH_SPECIFIC),
      Object(MGPU_OBJECT_PTX, 90, MGPU_ARCH_SPECIFIC)};
  EXPECT_EQ(Select(objects, 90), 0);
  EXPECT_EQ(Select(objects, 100), -1);
}

TEST(ObjectSelection, FamilyRunsWithinItsMajor) {
  std::vector<MgpuObject> objects = {
      Object(MGPU_OBJECT_FATBIN, 100, MGPU_ARCH_FAMILY)};
  EXPECT_EQ(Select(objects, 103), 0);
  EXPECT_EQ(Select(objects, 120), -1);
}

TEST(ObjectSelection, FatbinFallsBackToItsPtx) {
  std::vector<MgpuObject> objects = {Object(MGPU_OBJECT_FATBIN, 75)};
  EXPECT_EQ(Select(objects, 75), 0);
  EXPECT_EQ(Select(objects, 120), 0);
  EXPECT_EQ(Select(objects, 70), -1);
}

TEST(ObjectSelection, NothingFits) {
  std::vector<MgpuObject> objects = {
      Object(MGPU_OBJECT_CUBIN, 90),
      Object(MGPU_OBJECT_PTX, 100, MGPU_ARCH_SPECIFIC)};
  EXPECT_EQ(Select(objects, 80), -1);
  EXPECT_EQ(mgpu::DescribeObjects(objects.data(), objects.size()),
            "cubin sm_90, PTX sm_100a");
  EXPECT_EQ(Select({}, 90), -1);
}

} // namespace
