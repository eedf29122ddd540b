//===- SpirvValidation.cpp - SPIR-V checked before it is written ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/vulkan/SpirvValidation.h"

#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#include <spirv-tools/libspirv.hpp>

#define DEBUG_TYPE "offload-vulkan-target"

std::string
mlir::offload::vulkan::validateSpirv(llvm::ArrayRef<uint32_t> words) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char *,
                               const spv_position_t &position,
                               const char *message) {
    if (!messages.empty())
      messages += "\n";
    messages += "word " + std::to_string(position.index) + ": " + message;
  });
  // The validator's defaults are spirv-val's, which the tests run too.
  bool valid = tools.Validate(words.data(), words.size());
  LLVM_DEBUG(llvm::dbgs() << "spirv-val (vulkan1.3) of " << words.size()
                          << " words: " << (valid ? "valid" : messages)
                          << "\n");
  if (!valid && messages.empty())
    messages = "the validator gave no reason";
  return valid ? std::string() : messages;
}
