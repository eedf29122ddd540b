//===- SpirvValidation.h - SPIR-V checked before it is written ---*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every SPIR-V module the Vulkan target writes is first checked by
// SPIRV-Tools' validator (what spirv-val runs) for the Vulkan 1.3
// environment: a driver given an invalid module may fail to load it, crash,
// or run it with undefined results, far from the compiler that made it.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_VULKAN_SPIRVVALIDATION_H
#define OFFLOAD_TARGET_VULKAN_SPIRVVALIDATION_H

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace mlir::offload::vulkan {

/// Empty if `words` is a valid SPIR-V module for Vulkan 1.3, else the
/// validator's messages.
std::string validateSpirv(llvm::ArrayRef<uint32_t> words);

} // namespace mlir::offload::vulkan

#endif // OFFLOAD_TARGET_VULKAN_SPIRVVALIDATION_H
