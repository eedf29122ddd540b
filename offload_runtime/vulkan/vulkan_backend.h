//===- vulkan_backend.h - The mgpu entry points over Vulkan -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_VULKAN_BACKEND_H
#define OFFLOAD_RUNTIME_VULKAN_VULKAN_BACKEND_H

#include "offload_runtime/backend.h"

#include <memory>

namespace mgpu {

/// The backend over a Vulkan 1.3 driver (vulkan/device.h), or why it cannot
/// run: no loader, no device, or none fit for it.
StatusOr<std::unique_ptr<Backend>> CreateVulkanBackend();

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_VULKAN_VULKAN_BACKEND_H
