//===- launch.cc - Kernel launches by the Vulkan kernel ABI ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/launch.h"

#include "offload_runtime/mapped_memory.h"
#include "offload_runtime/trace.h"
#include "offload_runtime/vulkan/memref_reach.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace mgpu::vulkan {
namespace {

std::string Dims(const uint32_t size[3]) {
  return StrCat("(", size[0], ", ", size[1], ", ", size[2], ")");
}

/// The launch within what the device takes, beyond what every backend
/// checks (mgpu_api.cc).
Status CheckLaunch(const Device &device, const Kernel &kernel,
                   const LaunchConfig &config, const KernelParams &params) {
  const VkPhysicalDeviceLimits &limits = device.limits;
  const std::string &name = kernel.entry.name;
  // As the ABI says, the dynamic shared memory asked for counts whether or not
  // the kernel uses it (one without ignores it), on top of its static; a kernel
  // with it gets whole elements, which may be a few bytes more.
  // Both at most the limit (Module::Load checks the static), so that the
  // sum cannot wrap.
  const uint64_t staticBytes = kernel.entry.staticSharedBytes;
  const uint64_t dynamicBytes =
      kernel.DynamicSharedBytes(config.sharedMemoryBytes);
  if (staticBytes + dynamicBytes > limits.maxComputeSharedMemorySize)
    return RuntimeError(
        MGPU_ERROR_INVALID_VALUE,
        StrCat("kernel '", name, "' asks for ", config.sharedMemoryBytes,
               " bytes of dynamic shared memory",
               dynamicBytes > config.sharedMemoryBytes
                   ? StrCat(" (", dynamicBytes, " in whole ",
                            kernel.entry.dynamicSharedMemory->elementBytes,
                            "-byte elements)")
                   : std::string(),
               staticBytes ? StrCat(" beside its ", staticBytes,
                                    " bytes of static shared memory (",
                                    staticBytes + dynamicBytes, " in all)")
                           : std::string(),
               "; Vulkan ", device.description, " has at most ",
               limits.maxComputeSharedMemorySize,
               " bytes of workgroup memory (maxComputeSharedMemorySize)"));
  if (config.HasMultiBlockClusters())
    return RuntimeError(MGPU_ERROR_NOT_SUPPORTED,
                        StrCat("kernel '", name, "' is launched in clusters ",
                               Dims(config.cluster),
                               "; thread block clusters need a CUDA device"));
  const uint64_t threads =
      uint64_t(config.block[0]) * config.block[1] * config.block[2];
  for (int i = 0; i < 3; ++i) {
    if (config.grid[i] > limits.maxComputeWorkGroupCount[i])
      return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                          StrCat("the grid ", Dims(config.grid), " of kernel '",
                                 name, "' is larger than Vulkan ",
                                 device.description, " launches: at most ",
                                 Dims(limits.maxComputeWorkGroupCount)));
    if (config.block[i] > limits.maxComputeWorkGroupSize[i] ||
        threads > limits.maxComputeWorkGroupInvocations)
      return RuntimeError(
          MGPU_ERROR_INVALID_VALUE,
          StrCat("the block ", Dims(config.block), " of kernel '", name,
                 "' is larger than Vulkan ", device.description,
                 " launches: at most ", Dims(limits.maxComputeWorkGroupSize),
                 " and ", limits.maxComputeWorkGroupInvocations, " threads"));
  }
  return CheckKernelParams(name, kernel.entry.arguments.size(), params);
}

/// The argument struct's size: the end of its last member.
size_t ArgumentBytes(const object_format::SpirvEntryPoint &entry) {
  if (entry.arguments.empty())
    return 0;
  const object_format::SpirvArgument &last = entry.arguments.back();
  return size_t(last.offset) + last.size;
}

/// The kernel parameter that launch parameter `index` is, or is a field of:
/// each memref descriptor before it is one kernel parameter of 3 + 2 x rank
/// launch parameters.
uint32_t KernelParameterOf(const object_format::SpirvEntryPoint &entry,
                           uint32_t index) {
  uint32_t parameter = index;
  for (const object_format::SpirvMemRef &memref : entry.memrefs) {
    if (memref.firstArgument >= index)
      break;
    parameter -= std::min(index - memref.firstArgument, 2 + 2 * memref.rank);
  }
  return parameter;
}

/// How errors name launch parameter `index`: as the kernel's parameter.
std::string ParameterName(const object_format::SpirvEntryPoint &entry,
                          uint32_t index) {
  return StrCat("parameter ", KernelParameterOf(entry, index), " of kernel '",
                entry.name, "'");
}

/// The device address of the pointer `value`, launch parameter `index`, or
/// an error saying that it is to memory the device does not reach (on a GPU
/// it would fault, and on a driver on the CPU, lavapipe, write whatever host
/// memory it points to).
StatusOr<uint64_t> DeviceAddressOf(const Device &device, const Kernel &kernel,
                                   uint32_t index, uint64_t value) {
  if (std::optional<uint64_t> address =
          AllocationTable::Get().DeviceAddressOf(value))
    return *address;
  return RuntimeError(
      MGPU_ERROR_INVALID_VALUE,
      StrCat(ParameterName(kernel.entry, index), " is ",
             reinterpret_cast<void *>(value),
             ", which is no memory that Vulkan ", device.description,
             " reaches: neither memory from mgpuMemAlloc nor registered host "
             "memory (mgpuMemHostRegister)"));
}

/// The device address of the aligned pointer `aligned` of `memref`. Where
/// its elements lie in no allocation or registration, their pages are
/// imported for the launch, and destroyed when its batch is done; a memref
/// whose elements start in one must end in it, and one without elements
/// that points at nothing the device reaches is null.
StatusOr<uint64_t> MemRefAddress(Device &device, const Kernel &kernel,
                                 const object_format::SpirvMemRef &memref,
                                 uint64_t aligned, void **params,
                                 Stream::Recorder &recorder) {
  const uint32_t first = memref.firstArgument;
  // A module of another compiler may not say what its elements are.
  if (!memref.elementBytes)
    return DeviceAddressOf(device, kernel, first + 1, aligned);
  const auto name = [&] { return ParameterName(kernel.entry, first); };
  MGPU_ASSIGN_OR_RETURN(MemRefReach reach, ReachOf(memref, params, name));
  AllocationTable &table = AllocationTable::Get();
  if (!reach.bytes)
    return table.DeviceAddressOf(aligned).value_or(0);
  void *start = reinterpret_cast<void *>(reach.first);
  StatusOr<std::optional<Place>> place =
      table.Find(start, reach.bytes, "memref's elements");
  if (!place.ok())
    return RuntimeError(place.status().code(),
                        StrCat(name(), ": ", place.status().text()));
  // The aligned pointer keeps its distance to the first element, which an
  // offset may put in the buffer where the aligned pointer is not.
  if (*place)
    return (*place)->buffer.address + (*place)->offset -
           (reach.first - aligned);
  if (!device.hostImportAlignment)
    return RuntimeError(
        MGPU_ERROR_NOT_SUPPORTED,
        StrCat(name(), " is a memref of plain host memory at ", start,
               ", which Vulkan ", device.description,
               " cannot reach: ", device.noHostImport,
               "; allocate it with mgpuMemAlloc (host_shared for memory "
               "the host reads and writes too)"));
  // A driver on the CPU (lavapipe) imports any address, and its kernel
  // would write wherever it points.
  if (!IsMapped(start, reach.bytes))
    return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                        StrCat(name(), " is a memref whose ", reach.bytes,
                               " bytes at ", start,
                               " are not all mapped memory"));
  MGPU_ASSIGN_OR_RETURN(Buffer imported,
                        ImportHostMemory(device, start, reach.bytes));
  recorder.Keep(imported);
  return imported.address +
         (aligned - reinterpret_cast<uintptr_t>(imported.mapped));
}

/// Writes the launch's parameters, which CheckLaunch checked, into `space`
/// as the argument struct, each pointer as the device's address of its
/// memory; or says which pointer is to memory the device does not reach. A
/// memref's allocated pointer, which kernels do not dereference, keeps its
/// distance to the aligned one (memref.get_global's is 0xdeadbeef).
Status PackArguments(Device &device, const Kernel &kernel, void **params,
                     Stream::Recorder &recorder, char *space) {
  const auto &arguments = kernel.entry.arguments;
  const auto &memrefs = kernel.entry.memrefs;
  auto pointerAt = [&](size_t i) {
    uint64_t value;
    std::memcpy(&value, params[i], sizeof(value));
    return value;
  };
  auto put = [&](size_t i, uint64_t value) {
    std::memcpy(space + arguments[i].offset, &value, sizeof(value));
  };
  size_t nextMemRef = 0;
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (nextMemRef < memrefs.size() && memrefs[nextMemRef].firstArgument == i) {
      // Its allocated pointer, then its aligned one.
      const uint64_t allocated = pointerAt(i), aligned = pointerAt(i + 1);
      MGPU_ASSIGN_OR_RETURN(uint64_t address,
                            MemRefAddress(device, kernel, memrefs[nextMemRef],
                                          aligned, params, recorder));
      put(i, address - (aligned - allocated));
      put(++i, address);
      ++nextMemRef;
      continue;
    }
    if (!arguments[i].isPointer) {
      std::memcpy(space + arguments[i].offset, params[i], arguments[i].size);
      continue;
    }
    MGPU_ASSIGN_OR_RETURN(
        uint64_t address,
        DeviceAddressOf(device, kernel, uint32_t(i), pointerAt(i)));
    put(i, address);
  }
  return OkStatus();
}

} // namespace

Status Launch(Device &device, Stream &stream, Kernel &kernel,
              const LaunchConfig &config, const KernelParams &params) {
  MGPU_RETURN_IF_ERROR(CheckLaunch(device, kernel, config, params));
  MGPU_ASSIGN_OR_RETURN(
      VkPipeline pipeline,
      kernel.PipelineFor(config.block, config.sharedMemoryBytes));
  const object_format::SpirvEntryPoint &entry = kernel.entry;
  const std::string what =
      trace::Enabled() ? StrCat("kernel ", entry.name) : std::string();
  return stream.Record(what.c_str(), [&](Stream::Recorder &recorder) -> Status {
    // The ABI's push constants are 20 bytes at most (SpirvReflect.h).
    alignas(8) char push[256] = {};
    if (entry.hasArgumentPointer) {
      MGPU_ASSIGN_OR_RETURN(ArgumentSpace space,
                            recorder.TakeArguments(ArgumentBytes(entry)));
      MGPU_RETURN_IF_ERROR(
          PackArguments(device, kernel, params.params, recorder, space.host));
      std::memcpy(push, &space.address, sizeof(space.address));
    }
    if (entry.blockSizeOffset)
      std::memcpy(push + *entry.blockSizeOffset, config.block,
                  sizeof(config.block));
    const VulkanApi &vk = device.vk;
    vk.vkCmdBindPipeline(recorder.commands(), VK_PIPELINE_BIND_POINT_COMPUTE,
                         pipeline);
    if (entry.pushConstantBytes)
      vk.vkCmdPushConstants(recorder.commands(), kernel.layout,
                            VK_SHADER_STAGE_COMPUTE_BIT, 0,
                            entry.pushConstantBytes, push);
    vk.vkCmdDispatch(recorder.commands(), config.grid[0], config.grid[1],
                     config.grid[2]);
    return OkStatus();
  });
}

} // namespace mgpu::vulkan
