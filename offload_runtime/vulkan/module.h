//===- module.h - SPIR-V modules, kernels and their pipelines ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A module is a gpu.binary's SPIR-V object, reflected (SpirvReflect.h),
// checked against the device (the capabilities it declares, capabilities.h;
// each kernel's push constants and static shared memory against its limits)
// and made one VkShaderModule; each GLCompute entry point is a kernel, with a
// pipeline layout (its push constant range, no descriptor sets) and a
// compute pipeline for its compiled LocalSize, both made at load, so that a
// module the device cannot run fails there. A kernel that reads its block
// size from its push constants gets, at the first launch with each other
// block size, a pipeline made from a copy of the module with that LocalSize.
// A kernel with dynamic shared memory gets one pipeline per block size and
// length of its array (its specialization constant, in elements), the
// load-time one for a length of 1. Pipelines go through the device's one
// VkPipelineCache.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_MODULE_H
#define OFFLOAD_RUNTIME_VULKAN_MODULE_H

#include "object_format/spirv/SpirvReflect.h"
#include "offload_runtime/status.h"
#include "offload_runtime/vulkan/device.h"

#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace mgpu::vulkan {

class Module;

class Kernel {
public:
  /// The pipeline for blocks of `block` with `sharedMemoryBytes` of dynamic
  /// shared memory, made at its first use; an error for a kernel compiled
  /// for another block size.
  StatusOr<VkPipeline> PipelineFor(const uint32_t block[3],
                                   uint32_t sharedMemoryBytes);
  /// The length in elements of the dynamic shared memory array for a launch
  /// with `sharedMemoryBytes` of it: rounded up, at least 1; 0 for a kernel
  /// without dynamic shared memory, which ignores it.
  uint32_t SharedElements(uint32_t sharedMemoryBytes) const;
  /// The workgroup memory that `sharedMemoryBytes` of dynamic shared memory
  /// takes: the array's whole elements (SharedElements), or, for a kernel
  /// without dynamic shared memory, the bytes asked for, which count as the
  /// ABI says.
  uint64_t DynamicSharedBytes(uint32_t sharedMemoryBytes) const;

  const object_format::SpirvEntryPoint entry;
  VkPipelineLayout layout = VK_NULL_HANDLE;

private:
  friend class Module;
  Kernel(Module &module, object_format::SpirvEntryPoint entry)
      : entry(std::move(entry)), module(module) {}
  /// A pipeline from a copy of the module with the LocalSize `block`.
  StatusOr<VkPipeline> CreateResized(const uint32_t block[3],
                                     uint32_t sharedElements);

  Module &module;
  std::mutex mutex;
  /// (LocalSize x, y, z, SharedElements) -> pipeline; the compiled one
  /// first.
  std::map<std::array<uint32_t, 4>, VkPipeline> pipelines;
};

class Module {
public:
  /// Loads the SPIR-V module of `size` bytes at `data`, of gpu.binary
  /// `binaryName`.
  static StatusOr<Module *> Load(Device &device, const void *data, size_t size,
                                 const char *binaryName);
  /// Destroys the pipelines and the module once no stream uses them.
  Status Unload();
  StatusOr<Kernel *> GetKernel(const char *name);

private:
  friend class Kernel;
  Module(Device &device, std::string binaryName)
      : device(device), binaryName(std::move(binaryName)) {}
  Status CreateKernel(const object_format::SpirvEntryPoint &entry);
  /// A pipeline of `kernel` from `shader`, its dynamic shared memory (if
  /// any) `sharedElements` long.
  StatusOr<VkPipeline> CreatePipeline(const Kernel &kernel,
                                      VkShaderModule shader,
                                      uint32_t sharedElements);
  void Destroy();

  Device &device;
  const std::string binaryName;
  /// The module's words, for copies with another LocalSize.
  std::vector<uint32_t> words;
  VkShaderModule shader = VK_NULL_HANDLE;
  std::map<std::string, std::unique_ptr<Kernel>> kernels;
};

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_MODULE_H
