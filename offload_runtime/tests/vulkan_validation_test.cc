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
#include "offload_runtime/testing/test_support.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

namespace {

using ::mgpu::testing::ReadFileNamedBy;

/// Loads the SPIR-V kernels that $variable names on the Vulkan backend, with
/// MGPU_VULKAN_VALIDATION=`validation`, and unloads them.
void LoadAndUnload(const char *variable, const char *validation) {
  setenv("MGPU_DEVICE", "vulkan", 1);
  setenv("MGPU_VULKAN_VALIDATION", validation, 1);
  std::vector<char> bytes = ReadFileNamedBy(variable);
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

// Two kernels of one module, each within the device's workgroup memory,
// together beyond it: the layer, which adds up the workgroup memory of
// every entry point of a module (VUID-RuntimeSpirv-Workgroup-06530), is not
// the runtime's error; each kernel runs, and computes what it should.
TEST(VulkanValidation, KernelsOfOneModuleEachHaveTheirOwnSharedMemory) {
  EXPECT_IN_FRESH_PROCESS(0, "^$", {
    setenv("MGPU_DEVICE", "vulkan", 1);
    setenv("MGPU_VULKAN_VALIDATION", "1", 1);
    std::vector<char> bytes = ReadFileNamedBy("VULKAN_TWO_SHARED_KERNELS");
    MgpuObject object = {};
    object.data = bytes.data();
    object.size = bytes.size();
    object.kind = MGPU_OBJECT_SPIRV;
    MgpuModuleHandle module = mgpuModuleLoadObjects(&object, 1, "kernels");
    constexpr uint32_t kCount = 128;
    void *out = mgpuMemAlloc(kCount * 4, nullptr, false);
    void *params[] = {&out};
    for (uint32_t plus : {0u, 1u}) {
      MgpuFunctionHandle kernel =
          mgpuModuleGetFunction(module, plus ? "second" : "first");
      mgpuLaunchKernel(kernel, kCount / 64, 1, 1, 64, 1, 1, 0, nullptr, params,
                       nullptr, 1);
      std::vector<uint32_t> values(kCount);
      mgpuMemcpy(values.data(), out, kCount * 4, nullptr);
      for (uint32_t i = 0; i < kCount; ++i)
        if (values[i] != i + plus)
          std::exit(2);
    }
    mgpuMemFree(out, nullptr);
    mgpuModuleUnload(module);
  });
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
