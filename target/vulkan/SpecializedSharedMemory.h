//===- SpecializedSharedMemory.h - Shared memory sized at launch -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_VULKAN_SPECIALIZEDSHAREDMEMORY_H
#define OFFLOAD_TARGET_VULKAN_SPECIALIZEDSHAREDMEMORY_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace mlir::offload::vulkan {

/// Makes the length of each dynamic shared memory array of a serialized
/// SPIR-V module (a variable named by getDynamicSharedVariableName) a
/// specialization constant, with SpecId 0, 1, ... in the module's order,
/// which the runtime sets for each launch (docs/vulkan-target.md). MLIR's
/// SPIR-V dialect has no array of a specialization constant's length, so
/// the variable gets here a specialization constant (of default 1) and
/// array, struct and pointer types of its own: the constant and the types
/// the serializer wrote are uniqued, and may be other instructions'. Returns
/// what is wrong with the module, or "".
std::string
specializeDynamicSharedMemory(llvm::SmallVectorImpl<uint32_t> &words,
                              llvm::StringRef variablePrefix);

} // namespace mlir::offload::vulkan

#endif // OFFLOAD_TARGET_VULKAN_SPECIALIZEDSHAREDMEMORY_H
