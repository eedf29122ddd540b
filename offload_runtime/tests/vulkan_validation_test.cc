//===- vulkan_validation_test.cc - The Vulkan backend under the layer -----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MGPU_VULKAN_VALIDATION=1 runs the Vulkan backend under Khronos' validation
// layer (Debian's vulkan-validationlayers) and makes what it reports a
// runtime error. The variable is read when the device is made, once per
// process: each case runs in a process of its own.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"
#include "offload_runtime/testing/fresh_process.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

namespace {

std::vector<char> ReadFile(const char *variable) {
  const char *path = std::getenv(variable);
  EXPECT_NE(path, nullptr) << variable;
  std::ifstream file(path ? path : "", std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(file), {});
}

/// Loads the SPIR-V kernels that $variable names on the Vulkan backend, with
/// MGPU_VULKAN_VALIDATION=`validation`, and unloads them.
void LoadAndUnload(const char *variable, const char *validation) {
  setenv("MGPU_DEVICE", "vulkan", 1);
  setenv("MGPU_VULKAN_VALIDATION", validation, 1);
  std::vector<char> bytes = ReadFile(variable);
  MgpuObject object = {};
  object.data = bytes.data();
  object.size = bytes.size();
  object.kind = MGPU_OBJECT_SPIRV;
  mgpuModuleUnload(mgpuModuleLoadObjects(&object, 1, "kernels"));
}

TEST(VulkanValidation, ValidKernelsLoadUnderTheLayer) {
  EXPECT_IN_FRESH_PROCESS(0, "^$",
                          { LoadAndUnload("VULKAN_TEST_KERNELS", "1"); });
}

TEST(VulkanValidation, WhatTheLayerFindsIsAnError) {
  EXPECT_IN_FRESH_PROCESS(
      1, "^mgpu: Vulkan validation layer: .*requires the Int64 capability.*\n$",
      { LoadAndUnload("VULKAN_INVALID_KERNEL", "1"); });
}

TEST(VulkanValidation, ZeroTurnsItOff) {
  // The driver is given the invalid kernel, and says nothing of it.
  EXPECT_IN_FRESH_PROCESS(0, "^$",
                          { LoadAndUnload("VULKAN_INVALID_KERNEL", "0"); });
}

TEST(VulkanValidation, OtherValuesAreRefused) {
  EXPECT_IN_FRESH_PROCESS(1, "MGPU_VULKAN_VALIDATION=yes is neither 0 nor 1",
                          { LoadAndUnload("VULKAN_TEST_KERNELS", "yes"); });
}

TEST(VulkanValidation, SaysWhenTheLayerIsMissing) {
  EXPECT_IN_FRESH_PROCESS(
      1, "VK_LAYER_KHRONOS_validation.*install vulkan-validationlayers", {
        // The loader then looks for explicit layers there alone.
        setenv("VK_LAYER_PATH", "/nonexistent", 1);
        LoadAndUnload("VULKAN_TEST_KERNELS", "1");
      });
}

} // namespace
