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

/// OK where the Vulkan device can run the SPIR-V object of the `count`
/// objects of a gpu.binary (the capabilities it declares,
/// vulkan/capabilities.h), else why not (no loader, no device fit for the
/// backend, no SPIR-V object, or a capability the device lacks): with
/// MGPU_DEVICE=auto, the next backend is tried then.
Status CheckVulkanDeviceRunsOneOf(const MgpuObject *objects, int32_t count);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_VULKAN_VULKAN_BACKEND_H
