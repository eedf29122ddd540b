//===- vulkan_backend.cc - The mgpu entry points over Vulkan --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Modules are SPIR-V objects (module.h), launches follow the kernel ABI of
// docs/vulkan-target.md (launch.h), streams batch command buffers on one
// compute queue (stream.h) and events are timeline semaphores (event.h);
// memory is buffers known by device address, or by host mapping for
// host_shared memory, and registered host memory is imported into buffers
// (memory.h); all are copied and filled on streams (transfer.h).
// Handles are this backend's objects; there is one device.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/backend_registry.h"
#include "offload_runtime/thread_device.h"
#include "offload_runtime/trace.h"
#include "offload_runtime/vulkan/device.h"
#include "offload_runtime/vulkan/event.h"
#include "offload_runtime/vulkan/launch.h"
#include "offload_runtime/vulkan/memory.h"
#include "offload_runtime/vulkan/module.h"
#include "offload_runtime/vulkan/object_selection.h"
#include "offload_runtime/vulkan/stream_pool.h"
#include "offload_runtime/vulkan/transfer.h"

#include <memory>

namespace mgpu {
namespace {

using vulkan::Device;
using vulkan::Stream;

vulkan::Module *AsModule(MgpuModuleHandle module) {
  return reinterpret_cast<vulkan::Module *>(module);
}

class VulkanBackend final : public Backend {
public:
  explicit VulkanBackend(Device &device) : device(device) {}

  std::string TraceLabel() const override {
    return StrCat("Vulkan ", device.description);
  }

  StatusOr<MgpuModuleHandle>
  LoadImage(const void *image, size_t size,
            std::optional<int> jitOptLevel) override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    MGPU_RETURN_IF_ERROR(
        RefuseJit(jitOptLevel, "the Vulkan backend has no JIT: "
                               "mgpuModuleLoadJIT takes PTX; load a "
                               "gpu.binary's objects (mgpuModuleLoadObjects)"));
    // Bytes it cannot take are INVALID_IMAGE, on every backend.
    if (size == 0)
      return RuntimeError(
          MGPU_ERROR_INVALID_IMAGE,
          "the Vulkan backend loads SPIR-V modules of a known size: "
          "mgpuModuleLoad was not given the size; load a gpu.binary's "
          "objects (mgpuModuleLoadObjects)");
    MGPU_ASSIGN_OR_RETURN(vulkan::Module * module,
                          vulkan::Module::Load(device, image, size, "?"));
    return reinterpret_cast<MgpuModuleHandle>(module);
  }

  StatusOr<MgpuModuleHandle> LoadObjects(const MgpuObject *objects,
                                         int32_t count,
                                         const char *binaryName) override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    int chosen = vulkan::SelectSpirvObject(objects, count);
    if (chosen < 0)
      return RuntimeError(
          MGPU_ERROR_NO_BINARY_FOR_GPU,
          StrCat("gpu.binary @", binaryName,
                 " has no SPIR-V object for the Vulkan backend (Vulkan ",
                 device.description, "): it holds ",
                 DescribeObjects(objects, count),
                 ". Compile it for Vulkan too (#offload.vulkan), or choose "
                 "another backend with MGPU_DEVICE"));
    MGPU_ASSIGN_OR_RETURN(vulkan::Module * module,
                          vulkan::Module::Load(device, objects[chosen].data,
                                               objects[chosen].size,
                                               binaryName));
    return reinterpret_cast<MgpuModuleHandle>(module);
  }

  Status Unload(MgpuModuleHandle module) override {
    return AsModule(module)->Unload();
  }

  StatusOr<MgpuFunctionHandle> GetFunction(MgpuModuleHandle module,
                                           const char *name) override {
    MGPU_ASSIGN_OR_RETURN(vulkan::Kernel * kernel,
                          AsModule(module)->GetKernel(name));
    return reinterpret_cast<MgpuFunctionHandle>(kernel);
  }

  Status Launch(MgpuFunctionHandle function, const LaunchConfig &config,
                MgpuStream stream, const KernelParams &params) override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    if (params.extra)
      return RuntimeError(MGPU_ERROR_NOT_SUPPORTED,
                          "the Vulkan backend takes kernel parameters as "
                          "kernelParams, not as `extra`");
    MGPU_ASSIGN_OR_RETURN(Stream * queue, Resolve(stream));
    return vulkan::Launch(device, *queue,
                          *reinterpret_cast<vulkan::Kernel *>(function), config,
                          params);
  }

  StatusOr<MgpuStream> CreateStream() override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    MGPU_ASSIGN_OR_RETURN(Stream * stream, vulkan::AcquireStream(device));
    return reinterpret_cast<MgpuStream>(stream);
  }

  Status DestroyStream(MgpuStream stream) override {
    return vulkan::ReleaseStream(reinterpret_cast<Stream *>(stream));
  }

  Status SynchronizeStream(MgpuStream stream) override {
    MGPU_ASSIGN_OR_RETURN(Stream * queue, Resolve(stream));
    MGPU_RETURN_IF_ERROR(queue->Synchronize());
    return TraceStreamsDone();
  }

  Status StreamWaitEvent(MgpuStream stream, MgpuEvent event) override {
    return OnStreamAndEvent(stream, event, &vulkan::Event::MakeWait);
  }

  StatusOr<MgpuEvent> CreateEvent() override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    return events.Create(device);
  }

  Status DestroyEvent(MgpuEvent event) override {
    return events.Destroy(event);
  }

  Status SynchronizeEvent(MgpuEvent event) override {
    MGPU_ASSIGN_OR_RETURN(std::shared_ptr<vulkan::Event> awaited,
                          events.Get(event));
    MGPU_RETURN_IF_ERROR(awaited->Synchronize());
    return TraceStreamsDone();
  }

  Status RecordEvent(MgpuEvent event, MgpuStream stream) override {
    return OnStreamAndEvent(stream, event, &vulkan::Event::Record);
  }

  StatusOr<void *> Allocate(uint64_t bytes, bool hostShared) override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    MGPU_ASSIGN_OR_RETURN(vulkan::Buffer buffer,
                          vulkan::CreateBuffer(device, bytes, hostShared));
    vulkan::AllocationTable::Get().Add(buffer, hostShared);
    if (hostShared)
      return static_cast<void *>(buffer.mapped);
    return reinterpret_cast<void *>(buffer.address);
  }

  Status Free(void *ptr) override {
    // As cuMemFree: work submitted before may still use it.
    MGPU_RETURN_IF_ERROR(vulkan::SynchronizeAllStreams());
    MGPU_ASSIGN_OR_RETURN(vulkan::Buffer buffer,
                          vulkan::AllocationTable::Get().Remove(ptr));
    vulkan::DestroyBuffer(device, buffer);
    return OkStatus();
  }

  Status Copy(void *dst, const void *src, size_t bytes,
              MgpuStream stream) override {
    MGPU_ASSIGN_OR_RETURN(Stream * queue, Resolve(stream));
    return vulkan::Copy(device, *queue, dst, src, bytes);
  }

  Status Fill(void *dst, uint32_t value, size_t count, int elementBytes,
              MgpuStream stream) override {
    MGPU_ASSIGN_OR_RETURN(Stream * queue, Resolve(stream));
    return vulkan::Fill(device, *queue, dst, value, count, elementBytes);
  }

  Status HostRegister(void *ptr, uint64_t bytes) override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    if (!device.hostImportAlignment)
      return RuntimeError(
          MGPU_ERROR_NOT_SUPPORTED,
          StrCat("Vulkan ", device.description,
                 " cannot register host memory: ", device.noHostImport,
                 "; allocate it with mgpuMemAlloc (host_shared for memory "
                 "the host reads and writes too), or copy it with "
                 "mgpuMemcpy"));
    vulkan::AllocationTable &table = vulkan::AllocationTable::Get();
    MGPU_RETURN_IF_ERROR(table.CheckRegistrable(ptr, bytes));
    MGPU_ASSIGN_OR_RETURN(vulkan::Buffer imported,
                          vulkan::ImportHostMemory(device, ptr, bytes));
    Status added = table.AddRegistration(ptr, bytes, imported);
    if (!added.ok())
      vulkan::DestroyBuffer(device, imported);
    return added;
  }

  Status HostUnregister(void *ptr) override {
    // As cuMemHostUnregister: work submitted before may still use it.
    MGPU_RETURN_IF_ERROR(vulkan::SynchronizeAllStreams());
    MGPU_ASSIGN_OR_RETURN(
        vulkan::Buffer imported,
        vulkan::AllocationTable::Get().RemoveRegistration(ptr));
    vulkan::DestroyBuffer(device, imported);
    return OkStatus();
  }

  // A launch passes a pointer into registered memory to the kernel as the
  // device address of the same byte: the program knows it by its own.
  StatusOr<void *> DeviceAddressOfHostMemory(void *ptr) override {
    if (!vulkan::AllocationTable::Get().IsRegistered(ptr))
      return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                          StrCat(ptr, " is not in registered host memory "
                                      "(mgpuMemHostRegister)"));
    return ptr;
  }

  const char *GetName() const override { return "Vulkan"; }

private:
  StatusOr<Stream *> Resolve(MgpuStream stream) {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    return vulkan::ResolveStream(device, stream);
  }

  /// `event.call(stream)`, once both are checked.
  Status OnStreamAndEvent(MgpuStream stream, MgpuEvent event,
                          Status (vulkan::Event::*call)(Stream &)) {
    MGPU_ASSIGN_OR_RETURN(Stream * queue, Resolve(stream));
    MGPU_ASSIGN_OR_RETURN(std::shared_ptr<vulkan::Event> found,
                          events.Get(event));
    return (*found.*call)(*queue);
  }

  /// When tracing, after a synchronization: the commands of every stream
  /// that the device is done with go to the trace, also those of a stream
  /// that the synchronized one only waited for through an event.
  static Status TraceStreamsDone() {
    if (!trace::Enabled())
      return OkStatus();
    return vulkan::RetireAllStreams();
  }

  /// The backend has one device; mgpuSetDefaultDevice may name another.
  Status CheckDevice() const {
    int ordinal = GetThreadDeviceOrdinal();
    if (ordinal != 0)
      return RuntimeError(
          MGPU_ERROR_INVALID_DEVICE,
          StrCat("device ", ordinal,
                 " does not exist; the Vulkan backend has one device, device "
                 "0 (Vulkan ",
                 device.description, "; MGPU_VULKAN_DEVICE chooses it)"));
    return OkStatus();
  }

  Device &device;
  vulkan::LiveEvents events;
};

/// OK where the Vulkan device runs a gpu.binary's SPIR-V object (its
/// capabilities), else why not.
Status CheckDeviceRunsOneOf(const MgpuObject *objects, int32_t count) {
  MGPU_ASSIGN_OR_RETURN(Device * device, vulkan::GetDevice());
  int chosen = vulkan::SelectSpirvObject(objects, count);
  if (chosen < 0)
    return RuntimeError(MGPU_ERROR_NO_BINARY_FOR_GPU,
                        StrCat("it has no SPIR-V object among ",
                               DescribeObjects(objects, count)));
  object_format::SpirvReflection reflection;
  std::string error;
  if (!object_format::reflectSpirv(objects[chosen].data, objects[chosen].size,
                                   reflection, error))
    return RuntimeError(MGPU_ERROR_INVALID_IMAGE,
                        StrCat("its SPIR-V object is malformed: ", error));
  return vulkan::CheckCapabilities(device->features, reflection.capabilities,
                                   "its SPIR-V object", device->description);
}

/// The backend over a Vulkan 1.3 driver (vulkan_api.h), or why it cannot
/// run: no driver, or no device.
StatusOr<std::unique_ptr<Backend>> Create(const std::string & /*why*/) {
  MGPU_ASSIGN_OR_RETURN(Device * device, vulkan::GetDevice());
  return std::unique_ptr<Backend>(new VulkanBackend(*device));
}

BackendDescription Describe() {
  // Not tried without objects: its device may be a driver on the CPU
  // (lavapipe), which a program with no binary does not want.
  return {"vulkan",
          "Vulkan",
          /*rank=*/2,
          {MGPU_OBJECT_SPIRV},
          &vulkan::DescribeSpirvObject,
          // Its runsOneOf checks the object's capabilities.
          /*choiceReadsBytes=*/true,
          /*triedWithoutObjects=*/false,
          /*fallback=*/false,
          &Create,
          &CheckDeviceRunsOneOf};
}

} // namespace

MGPU_REGISTER_BACKEND(Describe);

} // namespace mgpu
