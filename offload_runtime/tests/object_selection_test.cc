//===- object_selection_test.cc - Choosing an object for a device ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/backend_registry.h"
#include "offload_runtime/cuda/object_selection.h"
#include "offload_runtime/hip/object_selection.h"

#include "object_format/amdgpu/AmdgpuChips.h"

#include "gtest/gtest.h"

#include <optional>
#include <string>
#include <vector>

namespace {

MgpuObject Object(int kind, int arch, int variant = MGPU_ARCH_PORTABLE) {
  return MgpuObject{nullptr, 0, kind, arch, variant, 0};
}

int Select(const std::vector<MgpuObject> &objects, int cc) {
  return mgpu::SelectCudaObject(objects.data(), objects.size(), cc);
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

//===--- AMD GPUs ---------------------------------------------------------===//

/// An AMDGPU object for the target ID `id` ("gfx90a:xnack-"), whose e_flags
/// are its chip's mach and its features' settings, as the compiler writes
/// them into MgpuObject.
MgpuObject Amdgpu(const char *id) {
  std::string error;
  std::optional<object_format::AmdgpuTargetId> target =
      object_format::parseAmdgpuTargetId(id, &error);
  EXPECT_TRUE(target) << error;
  return Object(MGPU_OBJECT_AMDGPU, target->chip->mach,
                object_format::getAmdgpuFeatureFlags(*target));
}

int SelectAmdgpu(const std::vector<MgpuObject> &objects, const char *device) {
  return mgpu::hip::SelectAmdgpuObject(
      objects.data(), objects.size(),
      *object_format::parseAmdgpuTargetId(device, nullptr));
}

TEST(AmdgpuSelection, OnlyItsOwnChip) {
  std::vector<MgpuObject> objects = {Object(MGPU_OBJECT_CUBIN, 90),
                                     Amdgpu("gfx942"), Amdgpu("gfx90a")};
  EXPECT_EQ(SelectAmdgpu(objects, "gfx90a:sramecc+:xnack-"), 2);
  EXPECT_EQ(SelectAmdgpu(objects, "gfx942:sramecc+:xnack+"), 1);
  EXPECT_EQ(SelectAmdgpu(objects, "gfx908:sramecc+:xnack-"), -1);
  EXPECT_EQ(SelectAmdgpu(objects, "gfx1100"), -1);
}

TEST(AmdgpuSelection, ExactModesBeforeOpenOnes) {
  std::vector<MgpuObject> objects = {Amdgpu("gfx90a"), Amdgpu("gfx90a:xnack-"),
                                     Amdgpu("gfx90a:sramecc+:xnack-")};
  EXPECT_EQ(SelectAmdgpu(objects, "gfx90a:sramecc+:xnack-"), 2);
  // Of the two that fit, the one that fixes more of the device's modes.
  EXPECT_EQ(SelectAmdgpu(objects, "gfx90a:sramecc-:xnack-"), 1);
  // xnack+ runs neither of the xnack- objects.
  EXPECT_EQ(SelectAmdgpu(objects, "gfx90a:sramecc+:xnack+"), 0);
}

TEST(AmdgpuSelection, FixedModesRunOnlyWhereTheDeviceHasThem) {
  std::vector<MgpuObject> objects = {Amdgpu("gfx90a:xnack+"),
                                     Amdgpu("gfx90a:sramecc-")};
  EXPECT_EQ(SelectAmdgpu(objects, "gfx90a:sramecc+:xnack+"), 0);
  EXPECT_EQ(SelectAmdgpu(objects, "gfx90a:sramecc-:xnack-"), 1);
  EXPECT_EQ(SelectAmdgpu(objects, "gfx90a:sramecc+:xnack-"), -1);
  // A device that leaves a mode open (a HIP runtime that does not say) runs
  // only objects that leave it open too, as AMD's loader does.
  EXPECT_EQ(SelectAmdgpu(objects, "gfx90a"), -1);
}

TEST(AmdgpuSelection, ChipsWithoutModes) {
  std::vector<MgpuObject> objects = {Amdgpu("gfx1030"), Amdgpu("gfx1100")};
  EXPECT_EQ(SelectAmdgpu(objects, "gfx1100"), 1);
  EXPECT_EQ(SelectAmdgpu(objects, "gfx1101"), -1);
}

TEST(AmdgpuSelection, Described) {
  std::vector<MgpuObject> objects = {
      Amdgpu("gfx90a:sramecc+:xnack-"), Amdgpu("gfx942"), Amdgpu("gfx1100"),
      Object(MGPU_OBJECT_AMDGPU, 0x12), Object(MGPU_OBJECT_HOST, 62)};
  EXPECT_EQ(mgpu::DescribeObjects(objects.data(), objects.size()),
            "AMDGPU gfx90a:sramecc+:xnack-, AMDGPU gfx942, AMDGPU gfx1100, "
            "AMDGPU machine 0x12, host x86-64");
}

} // namespace
