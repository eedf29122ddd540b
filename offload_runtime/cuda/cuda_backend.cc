//===- cuda_backend.cc - The mgpu entry points over the CUDA driver -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each operation makes the driver calls it needs inside a DeviceScope
// (device.h), which makes the calling thread's device's context current;
// only what needs no context skips it: loading objects and finding kernels
// (libraries are context-independent) and pooled streams (no driver call).
// Handles are the driver's own (CUstream, CUevent) or this backend's
// (modules and kernels, module.h).
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/backend_registry.h"
#include "offload_runtime/cuda/cuda_error.h"
#include "offload_runtime/cuda/device.h"
#include "offload_runtime/cuda/fast_path.h"
#include "offload_runtime/cuda/module.h"
#include "offload_runtime/cuda/object_selection.h"
#include "offload_runtime/cuda/stream_pool.h"
#include "offload_runtime/cuda/tensor_map_cache.h"

namespace mgpu {
namespace {

CudaModule *AsModule(MgpuModuleHandle module) {
  return reinterpret_cast<CudaModule *>(module);
}
CudaKernel *AsKernel(MgpuFunctionHandle function) {
  return reinterpret_cast<CudaKernel *>(function);
}
CUstream AsCu(MgpuStream stream) { return reinterpret_cast<CUstream>(stream); }
CUevent AsCu(MgpuEvent event) { return reinterpret_cast<CUevent>(event); }
CUdeviceptr AsDevicePtr(const void *ptr) {
  return reinterpret_cast<CUdeviceptr>(ptr);
}

class CudaBackend final : public Backend {
public:
  explicit CudaBackend(const CudaDriver &driver) : driver(driver) {}

  StatusOr<MgpuModuleHandle>
  LoadImage(const void *image, size_t size,
            std::optional<int> jitOptLevel) override {
    MGPU_ASSIGN_OR_RETURN(CudaModule * module,
                          mgpu::LoadImage(driver, image, size, jitOptLevel));
    return reinterpret_cast<MgpuModuleHandle>(module);
  }

  StatusOr<MgpuModuleHandle> LoadObjects(const MgpuObject *objects,
                                         int32_t count,
                                         const char *binaryName) override {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetThreadDevice());
    MGPU_ASSIGN_OR_RETURN(
        CudaModule * module,
        mgpu::LoadObjects(driver, objects, count, binaryName, *device));
    return reinterpret_cast<MgpuModuleHandle>(module);
  }

  Status Unload(MgpuModuleHandle module) override {
    return UnloadModule(AsModule(module));
  }

  StatusOr<MgpuFunctionHandle> GetFunction(MgpuModuleHandle module,
                                           const char *name) override {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetThreadDevice());
    MGPU_ASSIGN_OR_RETURN(CudaKernel * kernel,
                          GetKernel(*AsModule(module), name, *device));
    return reinterpret_cast<MgpuFunctionHandle>(kernel);
  }

  Status Launch(MgpuFunctionHandle function, const LaunchConfig &config,
                MgpuStream stream, const KernelParams &params) override {
    return LaunchIn(std::nullopt, *AsKernel(function), config, AsCu(stream),
                    params.params, params.extra);
  }

  /// Launch, from what cuCtxGetCurrent said if the fast path asked it
  /// (`current`).
  Status LaunchIn(std::optional<CUcontext> current, CudaKernel &kernel,
                  const LaunchConfig &config, CUstream stream, void **params,
                  void **extra) {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter(current));
    Device &device = scope.device();
    if (config.hasCluster && device.computeCapability < 90)
      return RuntimeError(
          MGPU_ERROR_NOT_SUPPORTED,
          StrCat("thread block clusters need sm_90 or newer; device ",
                 device.ordinal, " is sm_", device.computeCapability));
    MGPU_ASSIGN_OR_RETURN(CUkernel cuKernel,
                          GetKernelForDevice(kernel, device));
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream, ResolveStream(device, stream));
    MGPU_RETURN_IF_ERROR(
        OptIntoSharedMemory(kernel, cuKernel, device,
                            static_cast<int32_t>(config.sharedMemoryBytes)));
    // A CUkernel launches as a CUfunction in the current context.
    auto cuFunction = reinterpret_cast<CUfunction>(cuKernel);
    if (!config.hasCluster) {
      MGPU_RETURN_IF_CUDA_ERROR(
          driver, cuLaunchKernel, cuFunction, config.grid[0], config.grid[1],
          config.grid[2], config.block[0], config.block[1], config.block[2],
          config.sharedMemoryBytes, cuStream, params, extra);
      return OkStatus();
    }
    return LaunchCluster(cuFunction, config, cuStream, params, extra);
  }

  StatusOr<MgpuStream> CreateStream() override {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetThreadDevice());
    MGPU_ASSIGN_OR_RETURN(CUstream stream, AcquireStream(*device));
    return reinterpret_cast<MgpuStream>(stream);
  }

  Status DestroyStream(MgpuStream stream) override {
    return ReleaseStream(AsCu(stream));
  }

  Status SynchronizeStream(MgpuStream stream) override {
    return SynchronizeIn(std::nullopt, AsCu(stream));
  }

  /// SynchronizeStream, from what cuCtxGetCurrent said if the fast path
  /// asked it (`current`).
  Status SynchronizeIn(std::optional<CUcontext> current, CUstream stream) {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter(current));
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(scope.device(), stream));
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuStreamSynchronize, cuStream);
    return OkStatus();
  }

  Status StreamWaitEvent(MgpuStream stream, MgpuEvent event) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(scope.device(), AsCu(stream)));
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuStreamWaitEvent, cuStream, AsCu(event),
                              0);
    return OkStatus();
  }

  StatusOr<MgpuEvent> CreateEvent() override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    CUevent event = nullptr;
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuEventCreate, &event,
                              CU_EVENT_DISABLE_TIMING);
    return reinterpret_cast<MgpuEvent>(event);
  }

  Status DestroyEvent(MgpuEvent event) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuEventDestroy, AsCu(event));
    return OkStatus();
  }

  Status SynchronizeEvent(MgpuEvent event) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuEventSynchronize, AsCu(event));
    return OkStatus();
  }

  Status RecordEvent(MgpuEvent event, MgpuStream stream) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(scope.device(), AsCu(stream)));
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuEventRecord, AsCu(event), cuStream);
    return OkStatus();
  }

  StatusOr<void *> Allocate(uint64_t bytes, bool hostShared) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    CUdeviceptr ptr = 0;
    CUresult result =
        hostShared ? driver.cuMemAllocManaged(&ptr, bytes, CU_MEM_ATTACH_GLOBAL)
                   : driver.cuMemAlloc(&ptr, bytes);
    if (result != CUDA_SUCCESS)
      return CudaError(
          driver, result, hostShared ? "cuMemAllocManaged" : "cuMemAlloc",
          StrCat(bytes, " bytes on device ", scope.device().ordinal));
    return reinterpret_cast<void *>(ptr);
  }

  Status Free(void *ptr) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuMemFree, AsDevicePtr(ptr));
    return OkStatus();
  }

  Status Copy(void *dst, const void *src, size_t bytes,
              MgpuStream stream) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(scope.device(), AsCu(stream)));
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuMemcpyAsync, AsDevicePtr(dst),
                              AsDevicePtr(src), bytes, cuStream);
    return OkStatus();
  }

  Status Fill(void *dst, uint32_t value, size_t count, int elementBytes,
              MgpuStream stream) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(scope.device(), AsCu(stream)));
    if (elementBytes == 2)
      MGPU_RETURN_IF_CUDA_ERROR(driver, cuMemsetD16Async, AsDevicePtr(dst),
                                static_cast<unsigned short>(value), count,
                                cuStream);
    else
      MGPU_RETURN_IF_CUDA_ERROR(driver, cuMemsetD32Async, AsDevicePtr(dst),
                                value, count, cuStream);
    return OkStatus();
  }

  Status HostRegister(void *ptr, uint64_t bytes) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuMemHostRegister, ptr, bytes, 0);
    return OkStatus();
  }

  Status HostUnregister(void *ptr) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuMemHostUnregister, ptr);
    return OkStatus();
  }

  StatusOr<void *> DeviceAddressOfHostMemory(void *ptr) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    CUdeviceptr address = 0;
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuMemHostGetDevicePointer, &address, ptr,
                              0);
    return reinterpret_cast<void *>(address);
  }

  const char *GetName() const override { return "CUDA"; }

  Status EncodeTensorMap(void *tensorMap,
                         const TensorMapRequest &request) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    MGPU_RETURN_IF_CUDA_ERROR(
        driver, cuTensorMapEncodeTiled, static_cast<CUtensorMap *>(tensorMap),
        static_cast<CUtensorMapDataType>(request.dataType), request.rank,
        request.globalAddress, request.globalDim, request.globalStrides,
        request.boxDim, request.elementStrides,
        static_cast<CUtensorMapInterleave>(request.interleave),
        static_cast<CUtensorMapSwizzle>(request.swizzle),
        static_cast<CUtensorMapL2promotion>(request.l2Promotion),
        static_cast<CUtensorMapFloatOOBfill>(request.oobFill));
    return OkStatus();
  }

  StatusOr<void *> DeviceCopyOfTensorMap(const void *tensorMap) override {
    MGPU_ASSIGN_OR_RETURN(DeviceScope scope, DeviceScope::Enter());
    return tensorMaps.GetDeviceCopy(
        scope.device(), *static_cast<const CUtensorMap *>(tensorMap));
  }

  const FastPaths *GetFastPaths() const override { return &kCudaFastPaths; }

private:
  Status LaunchCluster(CUfunction function, const LaunchConfig &config,
                       CUstream stream, void **params, void **extra) {
    CUlaunchAttribute attribute;
    attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attribute.value.clusterDim.x = config.cluster[0];
    attribute.value.clusterDim.y = config.cluster[1];
    attribute.value.clusterDim.z = config.cluster[2];
    CUlaunchConfig launch = {};
    config.SetGridAndBlock(launch);
    launch.sharedMemBytes = config.sharedMemoryBytes;
    launch.hStream = stream;
    launch.attrs = &attribute;
    launch.numAttrs = 1;
    MGPU_RETURN_IF_CUDA_ERROR(driver, cuLaunchKernelEx, &launch, function,
                              params, extra);
    return OkStatus();
  }

  const CudaDriver &driver;
  TensorMapCache tensorMaps;
};

/// The backend, from a fast path: the process's, since the fast path is
/// CUDA's.
CudaBackend &Chosen() { return *static_cast<CudaBackend *>(ChosenBackend()); }

} // namespace

void LaunchKernelSlowly(std::optional<CUcontext> current,
                        MgpuFunctionHandle function, const intptr_t grid[3],
                        const intptr_t block[3], int32_t smem, CUstream stream,
                        void **params, void **extra) {
  // Tracing is off: no arguments to describe.
  RunEntryPoint("mgpuLaunchKernel", [&] {
    return Chosen().LaunchIn(current, *AsKernel(function),
                             MakeLaunchConfig(grid, block, nullptr, smem),
                             stream, params, extra);
  });
}

void SynchronizeStreamSlowly(std::optional<CUcontext> current,
                             CUstream stream) {
  RunEntryPoint("mgpuStreamSynchronize",
                [&] { return Chosen().SynchronizeIn(current, stream); });
}

void ReportDriverError(const char *entryPoint, const CudaDriver &driver,
                       CUresult result, const char *call) noexcept {
  RunEntryPoint(entryPoint, [&] { return CudaError(driver, result, call); });
}

namespace {

/// OK where the CUDA driver's device 0 can run one of the `count` objects of
/// a gpu.binary (object_selection.h), else why not (no driver, no device, or
/// no object for its architecture). Creates no context.
Status CheckDeviceRunsOneOf(const MgpuObject *objects, int32_t count) {
  MGPU_ASSIGN_OR_RETURN(int computeCapability,
                        GetFirstDeviceComputeCapability());
  if (SelectCudaObject(objects, count, computeCapability) >= 0)
    return OkStatus();
  return RuntimeError(MGPU_ERROR_NO_BINARY_FOR_GPU,
                      StrCat("device 0 (sm_", computeCapability,
                             ") runs none of ",
                             DescribeObjects(objects, count)));
}

/// The backend over the CUDA driver (cuda_driver.h), or why it cannot run:
/// no driver, or no device.
StatusOr<std::unique_ptr<Backend>> Create(const std::string & /*why*/) {
  MGPU_ASSIGN_OR_RETURN(const CudaDriver *driver, GetCudaDriver());
  MGPU_ASSIGN_OR_RETURN(int devices, GetDeviceCount());
  (void)devices;
  return std::unique_ptr<Backend>(new CudaBackend(*driver));
}

BackendDescription Describe() {
  return {"cuda",
          "CUDA",
          /*rank=*/0,
          {MGPU_OBJECT_CUBIN, MGPU_OBJECT_FATBIN, MGPU_OBJECT_PTX},
          &DescribeCudaObject,
          /*choiceReadsBytes=*/false,
          /*triedWithoutObjects=*/true,
          /*fallback=*/false,
          &Create,
          &CheckDeviceRunsOneOf};
}

} // namespace

MGPU_REGISTER_BACKEND(Describe);

} // namespace mgpu
