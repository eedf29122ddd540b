//===- module.cc - SPIR-V modules, kernels and their pipelines ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/module.h"

#include "offload_runtime/launch_geometry.h"
#include "offload_runtime/process_exit.h"
#include "offload_runtime/vulkan/stream_pool.h"
#include "offload_runtime/vulkan/vulkan_error.h"

#include <algorithm>

namespace mgpu::vulkan {
namespace {

StatusOr<VkShaderModule> CreateShader(Device &device,
                                      const std::vector<uint32_t> &words) {
  VkShaderModuleCreateInfo info = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  info.codeSize = words.size() * sizeof(uint32_t);
  info.pCode = words.data();
  VkShaderModule shader = VK_NULL_HANDLE;
  MGPU_RETURN_IF_VULKAN_ERROR(device.vk, vkCreateShaderModule, device.device,
                              &info, nullptr, &shader);
  return shader;
}

} // namespace

StatusOr<Module *> Module::Load(Device &device, const void *data, size_t size,
                                const char *binaryName) {
  // After the device, so that the exit is seen before the driver's own
  // exit handlers run (the last registered runs first).
  WatchForProcessExit();
  object_format::SpirvReflection reflection;
  std::string error;
  std::unique_ptr<Module> module(new Module(device, binaryName));
  const std::string what =
      StrCat("the SPIR-V object of gpu.binary @", binaryName);
  if (!object_format::reflectSpirv(data, size, reflection, error) ||
      !object_format::nativeSpirvWords(data, size, module->words, error))
    return RuntimeError(MGPU_ERROR_INVALID_IMAGE,
                        StrCat(what, " is malformed: ", error));
  MGPU_RETURN_IF_ERROR(CheckCapabilities(
      device.features, reflection.capabilities, what, device.description));
  MGPU_ASSIGN_OR_RETURN(module->shader, CreateShader(device, module->words));
  for (const object_format::SpirvEntryPoint &entry : reflection.entryPoints) {
    if (Status status = module->CreateKernel(entry); !status.ok()) {
      module.release()->Destroy();
      return status;
    }
  }
  return module.release();
}

Status Module::CreateKernel(const object_format::SpirvEntryPoint &entry) {
  const uint32_t limit = device.limits.maxPushConstantsSize;
  if (entry.pushConstantBytes > limit)
    return RuntimeError(MGPU_ERROR_NOT_SUPPORTED,
                        StrCat("kernel '", entry.name, "' of gpu.binary @",
                               binaryName, " has ", entry.pushConstantBytes,
                               " bytes of push constants; Vulkan ",
                               device.description, " takes at most ", limit));
  std::unique_ptr<Kernel> kernel(new Kernel(*this, entry));
  // With the one element of dynamic shared memory (if it has any) that the
  // pipeline made here gets.
  const uint32_t sharedLimit = device.limits.maxComputeSharedMemorySize;
  const uint64_t leastDynamic = kernel->DynamicSharedBytes(0);
  if (leastDynamic > sharedLimit ||
      entry.staticSharedBytes > sharedLimit - leastDynamic)
    return RuntimeError(
        MGPU_ERROR_NOT_SUPPORTED,
        StrCat("kernel '", entry.name, "' of gpu.binary @", binaryName, " has ",
               entry.staticSharedBytes, " bytes of static shared memory",
               leastDynamic ? StrCat(" and at least ", leastDynamic,
                                     " of dynamic shared memory")
                            : std::string(),
               "; Vulkan ", device.description, " has at most ", sharedLimit,
               " bytes of workgroup memory (maxComputeSharedMemorySize)"));
  VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0,
                               entry.pushConstantBytes};
  VkPipelineLayoutCreateInfo layout = {
      VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout.pushConstantRangeCount = entry.pushConstantBytes ? 1 : 0;
  layout.pPushConstantRanges = &range;
  MGPU_RETURN_IF_VULKAN_ERROR(device.vk, vkCreatePipelineLayout, device.device,
                              &layout, nullptr, &kernel->layout);
  Kernel &created = *kernel;
  kernels[entry.name] = std::move(kernel);
  const uint32_t elements = created.SharedElements(0);
  MGPU_ASSIGN_OR_RETURN(VkPipeline pipeline,
                        CreatePipeline(created, shader, elements));
  created.pipelines[{entry.localSize[0], entry.localSize[1], entry.localSize[2],
                     elements}] = pipeline;
  return OkStatus();
}

StatusOr<VkPipeline> Module::CreatePipeline(const Kernel &kernel,
                                            VkShaderModule module,
                                            uint32_t sharedElements) {
  VkComputePipelineCreateInfo info = {
      VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module;
  info.stage.pName = kernel.entry.name.c_str();
  info.layout = kernel.layout;
  // The length of the dynamic shared memory array, by its SpecId.
  VkSpecializationMapEntry length = {};
  VkSpecializationInfo specialization = {};
  if (const auto &shared = kernel.entry.dynamicSharedMemory) {
    length = {shared->specId, 0, sizeof(sharedElements)};
    specialization = {1, &length, sizeof(sharedElements), &sharedElements};
    info.stage.pSpecializationInfo = &specialization;
  }
  VkPipeline pipeline = VK_NULL_HANDLE;
  if (VkResult result = device.vk.vkCreateComputePipelines(
          device.device, device.pipelineCache, 1, &info, nullptr, &pipeline);
      result != VK_SUCCESS)
    return VulkanError(result, "vkCreateComputePipelines",
                       StrCat("kernel '", kernel.entry.name,
                              "' of gpu.binary @", binaryName, " on Vulkan ",
                              device.description));
  return pipeline;
}

uint32_t Kernel::SharedElements(uint32_t sharedMemoryBytes) const {
  if (!entry.dynamicSharedMemory)
    return 0;
  const uint32_t element = entry.dynamicSharedMemory->elementBytes;
  return std::max<uint32_t>(1, sharedMemoryBytes / element +
                                   (sharedMemoryBytes % element != 0));
}

uint64_t Kernel::DynamicSharedBytes(uint32_t sharedMemoryBytes) const {
  if (!entry.dynamicSharedMemory)
    return sharedMemoryBytes;
  return uint64_t(SharedElements(sharedMemoryBytes)) *
         entry.dynamicSharedMemory->elementBytes;
}

StatusOr<VkPipeline> Kernel::PipelineFor(const uint32_t block[3],
                                         uint32_t sharedMemoryBytes) {
  const std::array<uint32_t, 4> key = {block[0], block[1], block[2],
                                       SharedElements(sharedMemoryBytes)};
  std::lock_guard<std::mutex> lock(mutex);
  auto it = pipelines.find(key);
  if (it != pipelines.end())
    return it->second;
  const bool compiled = std::equal(block, block + 3, entry.localSize);
  if (!compiled && !entry.blockSizeOffset)
    return CompiledSizeError(entry.name, /*grid=*/false, entry.localSize,
                             block);
  StatusOr<VkPipeline> pipeline =
      compiled ? module.CreatePipeline(*this, module.shader, key[3])
               : CreateResized(block, key[3]);
  if (pipeline.ok())
    pipelines[key] = *pipeline;
  return pipeline;
}

StatusOr<VkPipeline> Kernel::CreateResized(const uint32_t block[3],
                                           uint32_t sharedElements) {
  Device &device = module.device;
  std::vector<uint32_t> copy;
  std::string error;
  if (!object_format::withLocalSize(module.words.data(),
                                    module.words.size() * sizeof(uint32_t),
                                    entry.name, block, copy, error))
    return RuntimeError(MGPU_ERROR_INVALID_IMAGE, error);
  MGPU_ASSIGN_OR_RETURN(VkShaderModule shader, CreateShader(device, copy));
  StatusOr<VkPipeline> pipeline =
      module.CreatePipeline(*this, shader, sharedElements);
  // A pipeline keeps what it needs of its shader module.
  device.vk.vkDestroyShaderModule(device.device, shader, nullptr);
  return pipeline;
}

StatusOr<Kernel *> Module::GetKernel(const char *name) {
  auto it = kernels.find(name);
  if (it != kernels.end())
    return it->second.get();
  std::string names;
  for (auto &[kernelName, kernel] : kernels)
    names += StrCat(names.empty() ? "" : ", ", kernelName);
  return RuntimeError(MGPU_ERROR_NOT_FOUND,
                      StrCat("the SPIR-V object of gpu.binary @", binaryName,
                             " has no kernel '", name,
                             "' (no GLCompute entry point of that "
                             "name); it has ",
                             names.empty() ? "none" : names));
}

void Module::Destroy() {
  const VulkanApi &vk = device.vk;
  for (auto &[name, kernel] : kernels) {
    for (auto &[size, pipeline] : kernel->pipelines)
      vk.vkDestroyPipeline(device.device, pipeline, nullptr);
    vk.vkDestroyPipelineLayout(device.device, kernel->layout, nullptr);
  }
  vk.vkDestroyShaderModule(device.device, shader, nullptr);
  delete this;
}

Status Module::Unload() {
  // Once the process has begun to exit, the driver may have torn itself
  // down: NVIDIA's does in an exit handler of its own, and a call into it
  // from the loader's global destructor then jumps into code no longer
  // mapped (a segfault after main returned). The process's end frees the
  // rest.
  if (ProcessExiting())
    return OkStatus();
  // Submitted work may still use the pipelines.
  Status synchronized = SynchronizeAllStreams();
  if (!synchronized.ok())
    return synchronized;
  Destroy();
  return OkStatus();
}

} // namespace mgpu::vulkan
