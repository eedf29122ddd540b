//===- SpirvValidationTest.cpp - The Vulkan target's SPIR-V check ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/vulkan/SpirvValidation.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <spirv-tools/libspirv.hpp>

#include <string>
#include <vector>

using mlir::offload::vulkan::validateSpirv;
using ::testing::HasSubstr;

namespace {

constexpr const char *kKernel = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
%TYPES
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
)";

/// kKernel, with `types` declared, assembled without validation.
std::vector<uint32_t> Assemble(const std::string &types) {
  std::string text = kKernel;
  text.replace(text.find("%TYPES"), 6, types);
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::vector<uint32_t> words;
  EXPECT_TRUE(tools.Assemble(text, &words)) << text;
  return words;
}

TEST(SpirvValidationTest, AcceptsAValidKernel) {
  EXPECT_EQ(validateSpirv(Assemble("")), "");
}

TEST(SpirvValidationTest, NamesWhatIsInvalid) {
  // A 64-bit integer without the Int64 capability.
  EXPECT_THAT(validateSpirv(Assemble("%long = OpTypeInt 64 1")),
              HasSubstr("requires the Int64 capability"));
}

TEST(SpirvValidationTest, RefusesWhatIsNotSpirv) {
  std::vector<uint32_t> words = Assemble("");
  words[0] = 0x12345678;
  EXPECT_NE(validateSpirv(words), "");
  EXPECT_NE(validateSpirv({}), "");
}

TEST(SpirvValidationTest, HoldsToVulkanRules) {
  // Valid SPIR-V for OpenCL, not for Vulkan.
  constexpr const char *kOpenClKernel = R"(
               OpCapability Addresses
               OpCapability Kernel
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %main "main"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
)";
  spvtools::SpirvTools tools(SPV_ENV_UNIVERSAL_1_6);
  std::vector<uint32_t> words;
  ASSERT_TRUE(tools.Assemble(kOpenClKernel, &words));
  ASSERT_TRUE(tools.Validate(words));
  EXPECT_THAT(validateSpirv(words),
              HasSubstr("Addressing model must be Logical or "
                        "PhysicalStorageBuffer64 in the Vulkan environment"));
}

} // namespace
