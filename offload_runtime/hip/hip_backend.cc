//===- hip_backend.cc - The mgpu entry points over HIP --------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each operation makes the HIP calls it needs inside a DeviceScope
// (device.h), which makes the calling thread's device current; only what
// needs no current device skips it (pooled streams, finding a kernel already
// found). Handles are HIP's own (hipStream_t, hipEvent_t) or this backend's
// (modules and kernels, module.h). Kernels launch as the ABI's
// mgpuLaunchKernel asks: hipModuleLaunchKernel takes the same grid, block,
// shared memory, stream, kernelParams and extra.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/backend_registry.h"
#include "offload_runtime/hip/device.h"
#include "offload_runtime/hip/hip_error.h"
#include "offload_runtime/hip/module.h"
#include "offload_runtime/hip/object_selection.h"
#include "offload_runtime/hip/stream_pool.h"

namespace mgpu {
namespace {

using hip::DeviceScope;
using hip::hipError_t;
using hip::hipEvent_t;
using hip::hipStream_t;

hip::Module *AsModule(MgpuModuleHandle module) {
  return reinterpret_cast<hip::Module *>(module);
}
hip::Kernel *AsKernel(MgpuFunctionHandle function) {
  return reinterpret_cast<hip::Kernel *>(function);
}
hipStream_t AsHip(MgpuStream stream) {
  return reinterpret_cast<hipStream_t>(stream);
}
hipEvent_t AsHip(MgpuEvent event) {
  return reinterpret_cast<hipEvent_t>(event);
}

class HipBackend final : public Backend {
public:
  HipBackend(const hip::HipRuntime &runtime, std::string label)
      : runtime(runtime), label(std::move(label)) {}

  std::string TraceLabel() const override { return label; }

  StatusOr<MgpuModuleHandle>
  LoadImage(const void *image, size_t size,
            std::optional<int> jitOptLevel) override {
    MGPU_RETURN_IF_ERROR(
        RefuseJit(jitOptLevel, "the HIP backend has no JIT: mgpuModuleLoadJIT "
                               "takes PTX, for CUDA; load an AMDGPU code "
                               "object"));
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    MGPU_ASSIGN_OR_RETURN(hip::Module * module,
                          hip::LoadImage(image, size, scope.device()));
    return reinterpret_cast<MgpuModuleHandle>(module);
  }

  StatusOr<MgpuModuleHandle> LoadObjects(const MgpuObject *objects,
                                         int32_t count,
                                         const char *binaryName) override {
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    MGPU_ASSIGN_OR_RETURN(
        hip::Module * module,
        hip::LoadObjects(objects, count, binaryName, scope.device()));
    return reinterpret_cast<MgpuModuleHandle>(module);
  }

  Status Unload(MgpuModuleHandle module) override {
    return hip::UnloadModule(AsModule(module));
  }

  StatusOr<MgpuFunctionHandle> GetFunction(MgpuModuleHandle module,
                                           const char *name) override {
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    MGPU_ASSIGN_OR_RETURN(
        hip::Kernel * kernel,
        hip::GetKernel(*AsModule(module), name, scope.device()));
    return reinterpret_cast<MgpuFunctionHandle>(kernel);
  }

  Status Launch(MgpuFunctionHandle function, const LaunchConfig &config,
                MgpuStream stream, const KernelParams &params) override {
    if (config.HasMultiBlockClusters())
      return RuntimeError(MGPU_ERROR_NOT_SUPPORTED,
                          "thread block clusters are a CUDA feature (sm_90 and "
                          "newer); the HIP backend launches no clusters on "
                          "AMD GPUs");
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    MGPU_ASSIGN_OR_RETURN(
        hip::hipFunction_t kernel,
        hip::GetFunctionForDevice(*AsKernel(function), scope.device()));
    MGPU_ASSIGN_OR_RETURN(hipStream_t hipStream,
                          hip::ResolveStream(scope.device(), AsHip(stream)));
    MGPU_RETURN_IF_HIP_ERROR(
        runtime, hipModuleLaunchKernel, kernel, config.grid[0], config.grid[1],
        config.grid[2], config.block[0], config.block[1], config.block[2],
        config.sharedMemoryBytes, hipStream, params.params, params.extra);
    return OkStatus();
  }

  StatusOr<MgpuStream> CreateStream() override {
    MGPU_ASSIGN_OR_RETURN(hip::Device * device, hip::GetThreadDevice());
    MGPU_ASSIGN_OR_RETURN(hipStream_t stream, hip::AcquireStream(*device));
    return reinterpret_cast<MgpuStream>(stream);
  }

  Status DestroyStream(MgpuStream stream) override {
    return hip::ReleaseStream(AsHip(stream));
  }

  Status SynchronizeStream(MgpuStream stream) override {
    MGPU_ASSIGN_OR_RETURN(hipStream_t hipStream, Resolve(stream));
    MGPU_RETURN_IF_HIP_ERROR(runtime, hipStreamSynchronize, hipStream);
    return OkStatus();
  }

  Status StreamWaitEvent(MgpuStream stream, MgpuEvent event) override {
    MGPU_ASSIGN_OR_RETURN(hipStream_t hipStream, Resolve(stream));
    MGPU_RETURN_IF_HIP_ERROR(runtime, hipStreamWaitEvent, hipStream,
                             AsHip(event), 0);
    return OkStatus();
  }

  StatusOr<MgpuEvent> CreateEvent() override {
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    hipEvent_t event = nullptr;
    MGPU_RETURN_IF_HIP_ERROR(runtime, hipEventCreateWithFlags, &event,
                             hip::hipEventDisableTiming);
    return reinterpret_cast<MgpuEvent>(event);
  }

  Status DestroyEvent(MgpuEvent event) override {
    MGPU_RETURN_IF_HIP_ERROR(runtime, hipEventDestroy, AsHip(event));
    return OkStatus();
  }

  Status SynchronizeEvent(MgpuEvent event) override {
    MGPU_RETURN_IF_HIP_ERROR(runtime, hipEventSynchronize, AsHip(event));
    return OkStatus();
  }

  Status RecordEvent(MgpuEvent event, MgpuStream stream) override {
    MGPU_ASSIGN_OR_RETURN(hipStream_t hipStream, Resolve(stream));
    MGPU_RETURN_IF_HIP_ERROR(runtime, hipEventRecord, AsHip(event), hipStream);
    return OkStatus();
  }

  StatusOr<void *> Allocate(uint64_t bytes, bool hostShared) override {
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    void *ptr = nullptr;
    // Managed memory: where the device cannot migrate pages
    // (xnack off), HIP gives host memory the device reads and writes.
    hipError_t result =
        hostShared
            ? runtime.hipMallocManaged(&ptr, bytes, hip::hipMemAttachGlobal)
            : runtime.hipMalloc(&ptr, bytes);
    if (result != hip::hipSuccess)
      return hip::HipError(
          runtime, result, hostShared ? "hipMallocManaged" : "hipMalloc",
          StrCat(bytes, " bytes on ", scope.device().Describe()));
    return ptr;
  }

  Status Free(void *ptr) override {
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    MGPU_RETURN_IF_HIP_ERROR(runtime, hipFree, ptr);
    return OkStatus();
  }

  Status Copy(void *dst, const void *src, size_t bytes,
              MgpuStream stream) override {
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    MGPU_ASSIGN_OR_RETURN(hipStream_t hipStream,
                          hip::ResolveStream(scope.device(), AsHip(stream)));
    MGPU_RETURN_IF_HIP_ERROR(runtime, hipMemcpyAsync, dst, src, bytes,
                             hip::hipMemcpyDefault, hipStream);
    return OkStatus();
  }

  Status Fill(void *dst, uint32_t value, size_t count, int elementBytes,
              MgpuStream stream) override {
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    MGPU_ASSIGN_OR_RETURN(hipStream_t hipStream,
                          hip::ResolveStream(scope.device(), AsHip(stream)));
    if (elementBytes == 2)
      MGPU_RETURN_IF_HIP_ERROR(runtime, hipMemsetD16Async, dst,
                               static_cast<unsigned short>(value), count,
                               hipStream);
    else
      MGPU_RETURN_IF_HIP_ERROR(runtime, hipMemsetD32Async, dst,
                               static_cast<int>(value), count, hipStream);
    return OkStatus();
  }

  Status HostRegister(void *ptr, uint64_t bytes) override {
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    MGPU_RETURN_IF_HIP_ERROR(runtime, hipHostRegister, ptr, bytes,
                             hip::hipHostRegisterDefault);
    return OkStatus();
  }

  Status HostUnregister(void *ptr) override {
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    MGPU_RETURN_IF_HIP_ERROR(runtime, hipHostUnregister, ptr);
    return OkStatus();
  }

  StatusOr<void *> DeviceAddressOfHostMemory(void *ptr) override {
    DeviceScope scope;
    MGPU_RETURN_IF_ERROR(scope.Enter());
    void *address = nullptr;
    MGPU_RETURN_IF_HIP_ERROR(runtime, hipHostGetDevicePointer, &address, ptr,
                             0);
    return address;
  }

  const char *GetName() const override { return "HIP"; }

private:
  /// `stream`, or the calling thread's own on its device.
  StatusOr<hipStream_t> Resolve(MgpuStream stream) {
    if (stream)
      return AsHip(stream);
    MGPU_ASSIGN_OR_RETURN(hip::Device * device, hip::GetThreadDevice());
    return hip::ResolveStream(*device, nullptr);
  }

  const hip::HipRuntime &runtime;
  /// The first device, for the trace.
  const std::string label;
};

/// OK where the HIP runtime's device 0 can run one of a gpu.binary's
/// `count` objects, else why not.
Status CheckDeviceRunsOneOf(const MgpuObject *objects, int32_t count) {
  MGPU_ASSIGN_OR_RETURN(hip::Device * first, hip::GetDevice(0));
  if (hip::SelectAmdgpuObject(objects, count, first->targetId) >= 0)
    return OkStatus();
  return RuntimeError(MGPU_ERROR_NO_BINARY_FOR_GPU,
                      StrCat(first->Describe(), " runs none of ",
                             DescribeObjects(objects, count)));
}

/// The backend over ROCm's HIP runtime (hip_runtime.h), or why it cannot
/// run: no runtime, or no device.
StatusOr<std::unique_ptr<Backend>> Create(const std::string & /*why*/) {
  MGPU_ASSIGN_OR_RETURN(const hip::HipRuntime *runtime, hip::GetHipRuntime());
  MGPU_ASSIGN_OR_RETURN(hip::Device * first, hip::GetDevice(0));
  return std::unique_ptr<Backend>(new HipBackend(
      *runtime, StrCat("AMD ", first->targetIdText, " (device 0 '", first->name,
                       "' of ", runtime->deviceCount, ")")));
}

BackendDescription Describe() {
  return {"rocm",
          "ROCm",
          /*rank=*/1,
          {MGPU_OBJECT_AMDGPU},
          &hip::DescribeAmdgpuObject,
          /*choiceReadsBytes=*/false,
          /*triedWithoutObjects=*/false,
          /*fallback=*/false,
          &Create,
          &CheckDeviceRunsOneOf};
}

} // namespace

MGPU_REGISTER_BACKEND(Describe);

} // namespace mgpu
