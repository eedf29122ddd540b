//===- Passes.h - Passes of the Vulkan target -------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_VULKAN_PASSES_H
#define OFFLOAD_DIALECTS_VULKAN_PASSES_H

#include "dialects/vulkan/VulkanTargetAttr.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::offload {

#define GEN_PASS_DECL
#include "dialects/vulkan/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dialects/vulkan/Passes.h.inc"

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_VULKAN_PASSES_H
