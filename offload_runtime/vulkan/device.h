//===- device.h - The Vulkan device the process runs on ---------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One instance and one device, chosen once per process and never destroyed
// (global destructors may still free memory and unload modules):
// $MGPU_VULKAN_DEVICE names it by index or by a part of its name; without it
// the first device fit for the backend, a GPU before a CPU driver. Fit
// means Vulkan 1.3, bufferDeviceAddress (device pointers are buffer device
// addresses), timeline semaphores (streams and events) and a compute queue.
// Every optional feature the device has is enabled, so that the compiler
// may use it (16-bit and 64-bit types, 8- and 16-bit storage, ...), and so
// is VK_EXT_external_memory_host where the device imports host memory into
// buffers with it (mgpuMemHostRegister, memory.h).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_DEVICE_H
#define OFFLOAD_RUNTIME_VULKAN_DEVICE_H

#include "offload_runtime/status.h"
#include "offload_runtime/vulkan/capabilities.h"
#include "offload_runtime/vulkan/vulkan_api.h"

#include <mutex>
#include <string>

namespace mgpu::vulkan {

/// The usage of every buffer: kernels address it, copies and fills take it.
constexpr VkBufferUsageFlags kBufferUsage =
    VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;

struct Device {
  VulkanApi vk;
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;
  VkQueue queue = VK_NULL_HANDLE;
  /// vkQueueSubmit needs the queue to itself.
  std::mutex queueMutex;
  VkPipelineCache pipelineCache = VK_NULL_HANDLE;
  VkPhysicalDeviceLimits limits = {};
  VkPhysicalDeviceMemoryProperties memory = {};
  /// What the device was created with, for the capabilities of modules.
  DeviceFeatures features;
  /// The alignment of the host memory the device imports into buffers
  /// (VK_EXT_external_memory_host's minImportedHostPointerAlignment, a power
  /// of two), or 0 where it imports none, and then why not.
  VkDeviceSize hostImportAlignment = 0;
  std::string noHostImport;
  /// Whether the queue writes timestamps, for the trace.
  bool timestamps = false;
  /// "device 0 'llvmpipe (LLVM 15.0.6, 256 bits)' (driver llvmpipe, Mesa
  /// 22.3.6 (LLVM 15.0.6), Vulkan 1.3.230)", for messages and the trace.
  std::string description;
  /// The device's name alone.
  std::string name;
};

/// The device, chosen and created on the first call; the same device or the
/// same error afterwards. Thread-safe.
StatusOr<Device *> GetDevice();

/// The index of the memory type of `typeBits` that has `required` flags, or
/// -1.
int FindMemoryType(const Device &device, uint32_t typeBits,
                   VkMemoryPropertyFlags required);

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_DEVICE_H
