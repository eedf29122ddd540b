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
#include <vector>

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

/// The device address of each pointer into plain host memory that a memref
/// parameter reaches: the pages its elements lie in, imported for the
/// launch and destroyed when its batch is done. Pointers of memrefs without
/// elements are null. A memref whose elements start in an allocation or a
/// registration must end in it.
Status ImportMemRefs(Device &device, const Kernel &kernel, void **params,
                     Stream::Recorder &recorder,
                     std::vector<std::optional<uint64_t>> &addresses) {
  AllocationTable &table = AllocationTable::Get();
  for (const object_format::SpirvMemRef &memref : kernel.entry.memrefs) {
    if (!memref.elementBytes)
      continue;
    const uint32_t first = memref.firstArgument;
    uint64_t aligned;
    std::memcpy(&aligned, params[first + 1], sizeof(aligned));
    const std::string what =
        StrCat("parameter ", KernelParameterOf(kernel.entry, first),
               " of kernel '", kernel.entry.name, "'");
    MGPU_ASSIGN_OR_RETURN(MemRefReach reach, ReachOf(memref, params, what));
    void *start = reinterpret_cast<void *>(reach.first);
    if (!reach.bytes) {
      if (!table.DeviceAddressOf(aligned))
        addresses[first] = addresses[first + 1] = 0;
      continue;
    }
    StatusOr<std::optional<Place>> place =
        table.Find(start, reach.bytes, "memref's elements");
    if (!place.ok())
      return RuntimeError(place.status().code(),
                          StrCat(what, ": ", place.status().text()));
    if (*place)
      continue;
    if (!device.hostImportAlignment)
      return RuntimeError(
          MGPU_ERROR_NOT_SUPPORTED,
          StrCat(what, " is a memref of plain host memory at ", start,
                 ", which Vulkan ", device.description,
                 " cannot reach: ", device.noHostImport,
                 "; allocate it with mgpuMemAlloc (host_shared for memory "
                 "the host reads and writes too)"));
    // A driver on the CPU (lavapipe) imports any address, and its kernel
    // would write wherever it points.
    if (!IsMapped(start, reach.bytes))
      return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                          StrCat(what, " is a memref whose ", reach.bytes,
                                 " bytes at ", start,
                                 " are not all mapped memory"));
    MGPU_ASSIGN_OR_RETURN(Buffer imported,
                          ImportHostMemory(device, start, reach.bytes));
    recorder.Keep(imported);
    addresses[first + 1] =
        imported.address +
        (aligned - reinterpret_cast<uintptr_t>(imported.mapped));
  }
  return OkStatus();
}

/// Writes the launch's parameters, which CheckLaunch checked, into `space`
/// as the argument struct, each pointer as the device's address of its
/// memory (`addresses`, where ImportMemRefs gave one); or says which pointer
/// is to memory the device does not reach. A memref's allocated pointer,
/// which kernels do not dereference, keeps its distance to the aligned one
/// where the device does not reach it (memref.get_global's is 0xdeadbeef).
Status PackArguments(const Device &device, const Kernel &kernel, void **params,
                     const std::vector<std::optional<uint64_t>> &addresses,
                     char *space) {
  AllocationTable &table = AllocationTable::Get();
  const auto &arguments = kernel.entry.arguments;
  std::vector<bool> allocated(arguments.size());
  for (const object_format::SpirvMemRef &memref : kernel.entry.memrefs)
    allocated[memref.firstArgument] = true;
  // Aligned pointers follow allocated ones: backwards, each allocated
  // pointer finds its aligned one's address.
  std::vector<uint64_t> deviceValues(arguments.size());
  for (size_t i = arguments.size(); i-- > 0;) {
    std::memcpy(space + arguments[i].offset, params[i], arguments[i].size);
    if (!arguments[i].isPointer)
      continue;
    uint64_t pointer;
    std::memcpy(&pointer, space + arguments[i].offset, sizeof(pointer));
    std::optional<uint64_t> address =
        addresses[i] ? addresses[i] : table.DeviceAddressOf(pointer);
    if (!address && allocated[i]) {
      uint64_t aligned;
      std::memcpy(&aligned, params[i + 1], sizeof(aligned));
      address = deviceValues[i + 1] - (aligned - pointer);
    }
    // On a GPU it would fault, and on a driver on the CPU (lavapipe) write
    // whatever host memory it points to.
    if (!address)
      return RuntimeError(
          MGPU_ERROR_INVALID_VALUE,
          StrCat("parameter ", KernelParameterOf(kernel.entry, uint32_t(i)),
                 " of kernel '", kernel.entry.name, "' is ",
                 reinterpret_cast<void *>(pointer),
                 ", which is no memory that Vulkan ", device.description,
                 " reaches: neither memory from mgpuMemAlloc nor registered "
                 "host memory (mgpuMemHostRegister)",
                 kernel.entry.memrefs.empty()
                     ? ""
                     : ", nor a memref of host memory its descriptor spans"));
    deviceValues[i] = *address;
    std::memcpy(space + arguments[i].offset, &*address, sizeof(*address));
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
      std::vector<std::optional<uint64_t>> addresses(entry.arguments.size());
      MGPU_RETURN_IF_ERROR(
          ImportMemRefs(device, kernel, params.params, recorder, addresses));
      MGPU_ASSIGN_OR_RETURN(ArgumentSpace space,
                            recorder.TakeArguments(ArgumentBytes(entry)));
      MGPU_RETURN_IF_ERROR(
          PackArguments(device, kernel, params.params, addresses, space.host));
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
