//===- VulkanEnv.h - The SPIR-V environment of #offload.vulkan --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What a Vulkan target may use: the one list of default capabilities and
// extensions, which the verifier, the lowering and the docs share.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_VULKAN_VULKANENV_H
#define OFFLOAD_DIALECTS_VULKAN_VULKANENV_H

#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::offload {

class VulkanTargetAttr;

namespace vulkan {

/// The SPIR-V versions a Vulkan target may name: buffer device addresses,
/// which the kernel ABI passes memrefs as, are core from 1.5 on.
constexpr llvm::StringLiteral kSpirvVersions[] = {"1.5", "1.6"};

/// The limits a target assumes unless told others: what lavapipe and current
/// desktop drivers have.
constexpr int kDefaultMaxSharedMemory = 32768;
constexpr int kDefaultMaxInvocations = 1024;

/// The name of the workgroup variable that is a kernel's dynamic shared
/// memory starts with this; the lowering makes it, the serializer makes its
/// length a specialization constant (docs/vulkan-target.md).
constexpr llvm::StringLiteral kDynamicSharedVariablePrefix =
    "__offload_dynamic_shared_memory_";

/// The capabilities every target has, which Mesa's lavapipe and current
/// desktop drivers support.
ArrayRef<spirv::Capability> getDefaultCapabilities();
/// The extensions every target has.
ArrayRef<spirv::Extension> getDefaultExtensions();

/// Checks the parameters of #offload.vulkan.
LogicalResult verifyEnvironment(function_ref<InFlightDiagnostic()> emitError,
                                StringRef version, ArrayAttr caps,
                                ArrayAttr exts, int maxSharedMemory,
                                int maxInvocations);

/// The spirv.target_env that `target` names: Vulkan, of an unknown device,
/// with its version, capabilities, extensions and limits.
spirv::TargetEnvAttr getTargetEnv(VulkanTargetAttr target);

} // namespace vulkan
} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_VULKAN_VULKANENV_H
