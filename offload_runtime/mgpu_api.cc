//===- mgpu_api.cc - The C entry points of the mgpu runtime ---------------===//
//
// Part of mlir-offload.
//
// Thin: each entry point finds the calling thread's device, forwards to the
// driver or to the pieces beside this file, and reports failures through the
// error policy (status.h).
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

#include "offload_runtime/device.h"
#include "offload_runtime/module.h"
#include "offload_runtime/object_selection.h"
#include "offload_runtime/status.h"
#include "offload_runtime/stream_pool.h"

#include <unordered_map>

#include <cstring>
#include <mutex>
#include <string>
#include <utility>

using namespace mgpu;

namespace {

CUstream AsCu(MgpuStream stream) { return reinterpret_cast<CUstream>(stream); }
MgpuStream AsMgpu(CUstream stream) {
  return reinterpret_cast<MgpuStream>(stream);
}
CUevent AsCu(MgpuEvent event) { return reinterpret_cast<CUevent>(event); }
CUdeviceptr AsDevicePtr(const void *ptr) {
  return reinterpret_cast<CUdeviceptr>(ptr);
}

/// Dynamic shared memory above the default 48 KiB needs an opt-in per kernel
/// and device; it is made once, not before every launch.
Status OptIntoSharedMemory(Device &device, CUkernel kernel, int32_t bytes) {
  constexpr int32_t kDefaultLimit = 48 * 1024;
  if (bytes <= kDefaultLimit)
    return OkStatus();
  if (bytes > device.maxSharedMemoryOptin)
    return RuntimeError(CUDA_ERROR_INVALID_VALUE,
                        StrCat("the launch asks for ", bytes,
                               " bytes of dynamic shared memory; device ",
                               device.ordinal, " allows at most ",
                               device.maxSharedMemoryOptin));
  static std::mutex mutex;
  static auto *optedIn =
      new std::unordered_map<std::pair<CUkernel, int>, int32_t, PairHash>();
  std::lock_guard<std::mutex> lock(mutex);
  int32_t &current = (*optedIn)[{kernel, device.ordinal}];
  if (current >= bytes)
    return OkStatus();
  MGPU_RETURN_IF_CUDA_ERROR(*device.driver, cuKernelSetAttribute,
                            CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                            bytes, kernel, device.device);
  current = bytes;
  return OkStatus();
}

CUkernel AsKernel(MgpuFunctionHandle function) {
  return reinterpret_cast<CUkernel>(function);
}

Status CheckFunction(MgpuFunctionHandle function) {
  if (!function)
    return RuntimeError(CUDA_ERROR_INVALID_HANDLE,
                        "the kernel handle is null (a failed "
                        "mgpuModuleGetFunction?)");
  return OkStatus();
}

} // namespace

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

MgpuModuleHandle mgpuModuleLoad(void *data, size_t /*size*/) {
  return RunEntryPoint("mgpuModuleLoad", MgpuModuleHandle(nullptr),
                       [&]() -> StatusOr<MgpuModuleHandle> {
                         StatusOr<Module *> module =
                             LoadModule(data, std::nullopt);
                         if (!module.ok())
                           return module.status();
                         return reinterpret_cast<MgpuModuleHandle>(*module);
                       });
}

MgpuModuleHandle mgpuModuleLoadJIT(void *data, int optLevel) {
  return RunEntryPoint("mgpuModuleLoadJIT", MgpuModuleHandle(nullptr),
                       [&]() -> StatusOr<MgpuModuleHandle> {
                         StatusOr<Module *> module = LoadModule(data, optLevel);
                         if (!module.ok())
                           return module.status();
                         return reinterpret_cast<MgpuModuleHandle>(*module);
                       });
}

void mgpuModuleUnload(MgpuModuleHandle module) {
  RunEntryPoint("mgpuModuleUnload", [&] {
    return UnloadModule(reinterpret_cast<Module *>(module));
  });
}

MgpuFunctionHandle mgpuModuleGetFunction(MgpuModuleHandle module,
                                         const char *name) {
  return RunEntryPoint(
      "mgpuModuleGetFunction", MgpuFunctionHandle(nullptr),
      [&]() -> StatusOr<MgpuFunctionHandle> {
        if (!module)
          return RuntimeError(CUDA_ERROR_INVALID_HANDLE,
                              StrCat("the module is null (a failed "
                                     "mgpuModuleLoad?) looking up '",
                                     name ? name : "", "'"));
        StatusOr<CUkernel> kernel =
            GetKernel(*reinterpret_cast<Module *>(module), name);
        if (!kernel.ok())
          return kernel.status();
        return reinterpret_cast<MgpuFunctionHandle>(*kernel);
      });
}

namespace {
StatusOr<Module *> LoadBestObject(const MgpuObject *objects, int32_t count,
                                  const char *binaryName) {
  if (!objects || count <= 0)
    return RuntimeError(CUDA_ERROR_INVALID_VALUE,
                        StrCat("gpu.binary @", binaryName ? binaryName : "?",
                               " has no objects"));
  MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
  int chosen = SelectObject(objects, count, device->computeCapability);
  if (chosen < 0)
    return RuntimeError(
        CUDA_ERROR_NO_BINARY_FOR_GPU,
        StrCat("gpu.binary @", binaryName ? binaryName : "?",
               " has no object for device ", device->ordinal, " (sm_",
               device->computeCapability, "): it holds ",
               DescribeObjects(objects, count),
               "; compile it for this chip too, or include PTX"));
  const MgpuObject &object = objects[chosen];
  std::optional<int> jit;
  if (object.kind == MGPU_OBJECT_PTX)
    jit = 4; // the driver's default, and its best
  return LoadModule(object.data, jit);
}
} // namespace

MgpuModuleHandle mgpuModuleLoadObjects(const MgpuObject *objects, int32_t count,
                                       const char *binaryName) {
  return RunEntryPoint("mgpuModuleLoadObjects", MgpuModuleHandle(nullptr),
                       [&]() -> StatusOr<MgpuModuleHandle> {
                         StatusOr<Module *> module =
                             LoadBestObject(objects, count, binaryName);
                         if (!module.ok())
                           return module.status();
                         return reinterpret_cast<MgpuModuleHandle>(*module);
                       });
}

MgpuFunctionHandle mgpuGetFunctionLazily(MgpuModuleHandle *module,
                                         const MgpuObject *objects,
                                         int32_t count, const char *binaryName,
                                         const char *kernelName,
                                         MgpuFunctionHandle *kernel) {
  return RunEntryPoint(
      "mgpuGetFunctionLazily", MgpuFunctionHandle(nullptr),
      [&]() -> StatusOr<MgpuFunctionHandle> {
        if (!module || !kernel)
          return RuntimeError(CUDA_ERROR_INVALID_VALUE,
                              "null module or kernel slot");
        // First launches are rare: one lock for all of them is enough.
        static std::mutex mutex;
        std::lock_guard<std::mutex> lock(mutex);
        if (!*module) {
          StatusOr<Module *> loaded =
              LoadBestObject(objects, count, binaryName);
          if (!loaded.ok())
            return loaded.status();
          *module = reinterpret_cast<MgpuModuleHandle>(*loaded);
        }
        StatusOr<CUkernel> found =
            GetKernel(*reinterpret_cast<Module *>(*module), kernelName);
        if (!found.ok())
          return found.status();
        auto function = reinterpret_cast<MgpuFunctionHandle>(*found);
        __atomic_store_n(kernel, function, __ATOMIC_RELEASE);
        return function;
      });
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

void mgpuLaunchKernel(MgpuFunctionHandle function, intptr_t gridX,
                      intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                      intptr_t blockY, intptr_t blockZ, int32_t smem,
                      MgpuStream stream, void **params, void **extra,
                      size_t /*paramsCount*/) {
  RunEntryPoint("mgpuLaunchKernel", [&]() -> Status {
    if (Status status = CheckFunction(function); !status.ok())
      return status;
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(*device, AsCu(stream)));
    if (Status status = OptIntoSharedMemory(*device, AsKernel(function), smem);
        !status.ok())
      return status;
    // A CUkernel launches as a CUfunction in the current context.
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuLaunchKernel,
                              reinterpret_cast<CUfunction>(function), gridX,
                              gridY, gridZ, blockX, blockY, blockZ, smem,
                              cuStream, params, extra);
    return OkStatus();
  });
}

void mgpuLaunchClusterKernel(MgpuFunctionHandle function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t smem, MgpuStream stream, void **params,
                             void **extra) {
  RunEntryPoint("mgpuLaunchClusterKernel", [&]() -> Status {
    if (Status status = CheckFunction(function); !status.ok())
      return status;
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    if (device->computeCapability < 90)
      return RuntimeError(
          CUDA_ERROR_NOT_SUPPORTED,
          StrCat("thread block clusters need sm_90 or newer; device ",
                 device->ordinal, " is sm_", device->computeCapability));
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(*device, AsCu(stream)));
    if (Status status = OptIntoSharedMemory(*device, AsKernel(function), smem);
        !status.ok())
      return status;
    CUlaunchAttribute attribute;
    attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attribute.value.clusterDim.x = clusterX;
    attribute.value.clusterDim.y = clusterY;
    attribute.value.clusterDim.z = clusterZ;
    CUlaunchConfig config = {};
    config.gridDimX = gridX;
    config.gridDimY = gridY;
    config.gridDimZ = gridZ;
    config.blockDimX = blockX;
    config.blockDimY = blockY;
    config.blockDimZ = blockZ;
    config.sharedMemBytes = smem;
    config.hStream = cuStream;
    config.attrs = &attribute;
    config.numAttrs = 1;
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuLaunchKernelEx, &config,
                              reinterpret_cast<CUfunction>(function), params,
                              extra);
    return OkStatus();
  });
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

MgpuStream mgpuStreamCreate(void) {
  return RunEntryPoint(
      "mgpuStreamCreate", MgpuStream(nullptr), [&]() -> StatusOr<MgpuStream> {
        MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
        StatusOr<CUstream> stream = AcquireStream(*device);
        if (!stream.ok())
          return stream.status();
        return AsMgpu(*stream);
      });
}

void mgpuStreamDestroy(MgpuStream stream) {
  RunEntryPoint("mgpuStreamDestroy", [&]() -> Status {
    if (!stream)
      return OkStatus();
    return ReleaseStream(AsCu(stream));
  });
}

void mgpuStreamSynchronize(MgpuStream stream) {
  RunEntryPoint("mgpuStreamSynchronize", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(*device, AsCu(stream)));
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuStreamSynchronize, cuStream);
    return OkStatus();
  });
}

void mgpuStreamWaitEvent(MgpuStream stream, MgpuEvent event) {
  RunEntryPoint("mgpuStreamWaitEvent", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(*device, AsCu(stream)));
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuStreamWaitEvent, cuStream,
                              AsCu(event), 0);
    return OkStatus();
  });
}

MgpuEvent mgpuEventCreate(void) {
  return RunEntryPoint(
      "mgpuEventCreate", MgpuEvent(nullptr), [&]() -> StatusOr<MgpuEvent> {
        MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
        CUevent event = nullptr;
        MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuEventCreate, &event,
                                  CU_EVENT_DISABLE_TIMING);
        return reinterpret_cast<MgpuEvent>(event);
      });
}

void mgpuEventDestroy(MgpuEvent event) {
  RunEntryPoint("mgpuEventDestroy", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuEventDestroy, AsCu(event));
    return OkStatus();
  });
}

void mgpuEventSynchronize(MgpuEvent event) {
  RunEntryPoint("mgpuEventSynchronize", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuEventSynchronize, AsCu(event));
    return OkStatus();
  });
}

void mgpuEventRecord(MgpuEvent event, MgpuStream stream) {
  RunEntryPoint("mgpuEventRecord", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(*device, AsCu(stream)));
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuEventRecord, AsCu(event),
                              cuStream);
    return OkStatus();
  });
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

void *mgpuMemAlloc(uint64_t sizeBytes, MgpuStream /*stream*/, bool hostShared) {
  return RunEntryPoint(
      "mgpuMemAlloc", static_cast<void *>(nullptr), [&]() -> StatusOr<void *> {
        if (sizeBytes == 0)
          return nullptr;
        MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
        CUdeviceptr ptr = 0;
        const CudaDriver &driver = *device->driver;
        CUresult result = hostShared
                              ? driver.cuMemAllocManaged(&ptr, sizeBytes,
                                                         CU_MEM_ATTACH_GLOBAL)
                              : driver.cuMemAlloc(&ptr, sizeBytes);
        if (result != CUDA_SUCCESS)
          return CudaError(
              driver, result, hostShared ? "cuMemAllocManaged" : "cuMemAlloc",
              StrCat(sizeBytes, " bytes on device ", device->ordinal));
        return reinterpret_cast<void *>(ptr);
      });
}

void mgpuMemFree(void *ptr, MgpuStream /*stream*/) {
  RunEntryPoint("mgpuMemFree", [&]() -> Status {
    if (!ptr)
      return OkStatus();
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuMemFree, AsDevicePtr(ptr));
    return OkStatus();
  });
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, MgpuStream stream) {
  RunEntryPoint("mgpuMemcpy", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(*device, AsCu(stream)));
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuMemcpyAsync, AsDevicePtr(dst),
                              AsDevicePtr(src), sizeBytes, cuStream);
    return OkStatus();
  });
}

void mgpuMemset32(void *dst, unsigned int value, size_t count,
                  MgpuStream stream) {
  RunEntryPoint("mgpuMemset32", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(*device, AsCu(stream)));
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuMemsetD32Async,
                              AsDevicePtr(dst), value, count, cuStream);
    return OkStatus();
  });
}

void mgpuMemset16(void *dst, unsigned short value, size_t count,
                  MgpuStream stream) {
  RunEntryPoint("mgpuMemset16", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_ASSIGN_OR_RETURN(CUstream cuStream,
                          ResolveStream(*device, AsCu(stream)));
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuMemsetD16Async,
                              AsDevicePtr(dst), value, count, cuStream);
    return OkStatus();
  });
}

void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  RunEntryPoint("mgpuMemHostRegister", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuMemHostRegister, ptr,
                              sizeBytes, 0);
    return OkStatus();
  });
}

void mgpuMemHostUnregister(void *ptr) {
  RunEntryPoint("mgpuMemHostUnregister", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuMemHostUnregister, ptr);
    return OkStatus();
  });
}

namespace {
/// The start and size of a densely packed memref, or an error.
StatusOr<std::pair<void *, uint64_t>>
GetDenseMemRef(int64_t rank, const MgpuMemRefDescriptor *descriptor,
               int64_t elementSizeBytes) {
  if (!descriptor || rank < 0 || elementSizeBytes <= 0)
    return RuntimeError(CUDA_ERROR_INVALID_VALUE,
                        "invalid memref descriptor, rank or element size");
  const int64_t *sizes = descriptor->sizesAndStrides;
  const int64_t *strides = sizes + rank;
  int64_t elements = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (sizes[i] > 1 && strides[i] != elements)
      return RuntimeError(
          CUDA_ERROR_INVALID_VALUE,
          StrCat("only densely packed memrefs can be registered; "
                 "dimension ",
                 i, " has stride ", strides[i], ", expected ", elements));
    elements *= sizes[i];
  }
  char *start = descriptor->aligned + descriptor->offset * elementSizeBytes;
  return std::make_pair(static_cast<void *>(start),
                        static_cast<uint64_t>(elements * elementSizeBytes));
}
} // namespace

void mgpuMemHostRegisterMemRef(int64_t rank, MgpuMemRefDescriptor *descriptor,
                               int64_t elementSizeBytes) {
  RunEntryPoint("mgpuMemHostRegisterMemRef", [&]() -> Status {
    auto memref = GetDenseMemRef(rank, descriptor, elementSizeBytes);
    if (!memref.ok())
      return memref.status();
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuMemHostRegister, memref->first,
                              memref->second, 0);
    return OkStatus();
  });
}

void mgpuMemHostUnregisterMemRef(int64_t rank, MgpuMemRefDescriptor *descriptor,
                                 int64_t elementSizeBytes) {
  RunEntryPoint("mgpuMemHostUnregisterMemRef", [&]() -> Status {
    auto memref = GetDenseMemRef(rank, descriptor, elementSizeBytes);
    if (!memref.ok())
      return memref.status();
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuMemHostUnregister,
                              memref->first);
    return OkStatus();
  });
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

void mgpuSetDefaultDevice(int32_t device) { SetCurrentDeviceOrdinal(device); }

//===----------------------------------------------------------------------===//
// Tensor maps
//===----------------------------------------------------------------------===//

void mgpuTensorMapEncodeTiled(void *tensorMap, int tensorDataType,
                              uint32_t tensorRank, void *globalAddress,
                              const uint64_t *globalDim,
                              const uint64_t *globalStrides,
                              const uint32_t *boxDim,
                              const uint32_t *elementStrides, int interleave,
                              int swizzle, int l2Promotion, int oobFill) {
  RunEntryPoint("mgpuTensorMapEncodeTiled", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
    MGPU_RETURN_IF_CUDA_ERROR(*device->driver, cuTensorMapEncodeTiled,
                              static_cast<CUtensorMap *>(tensorMap),
                              static_cast<CUtensorMapDataType>(tensorDataType),
                              tensorRank, globalAddress, globalDim,
                              globalStrides, boxDim, elementStrides,
                              static_cast<CUtensorMapInterleave>(interleave),
                              static_cast<CUtensorMapSwizzle>(swizzle),
                              static_cast<CUtensorMapL2promotion>(l2Promotion),
                              static_cast<CUtensorMapFloatOOBfill>(oobFill));
    return OkStatus();
  });
}

namespace {
/// Bytes per element of each CUtensorMapDataType, in enum order.
constexpr int kTensorMapElementBytes[] = {1, 2, 4, 4, 8, 8, 2,
                                          4, 8, 2, 4, 4, 4};

/// Device copies of tensor maps, one per distinct map and device: repeated
/// launches with the same tensors reuse one copy instead of leaking one each.
class TensorMapCache {
public:
  StatusOr<void *> GetDeviceCopy(Device &device, const CUtensorMap &map) {
    std::string key(reinterpret_cast<const char *>(&map), sizeof(map));
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, inserted] = copies.try_emplace({device.ordinal, key}, 0);
    if (!inserted)
      return reinterpret_cast<void *>(it->second);
    CUdeviceptr copy = 0;
    const CudaDriver &driver = *device.driver;
    if (CUresult result = driver.cuMemAlloc(&copy, sizeof(map));
        result != CUDA_SUCCESS) {
      copies.erase(it);
      return CudaError(driver, result, "cuMemAlloc");
    }
    if (CUresult result = driver.cuMemcpyHtoD(copy, &map, sizeof(map));
        result != CUDA_SUCCESS) {
      copies.erase(it);
      return CudaError(driver, result, "cuMemcpyHtoD");
    }
    it->second = copy;
    return reinterpret_cast<void *>(copy);
  }

private:
  std::mutex mutex;
  std::unordered_map<std::pair<int, std::string>, CUdeviceptr, PairHash> copies;
};
} // namespace

void *mgpuTensorMapEncodeTiledMemref(int64_t tensorRank, void *rankedDescriptor,
                                     int64_t tensorDataType, int64_t interleave,
                                     int64_t swizzle, int64_t l2Promotion,
                                     int64_t oobFill, int64_t *inputBoxDims) {
  return RunEntryPoint(
      "mgpuTensorMapEncodeTiledMemref", static_cast<void *>(nullptr),
      [&]() -> StatusOr<void *> {
        constexpr int kMaxRank = 5;
        if (tensorRank < 1 || tensorRank > kMaxRank)
          return RuntimeError(CUDA_ERROR_INVALID_VALUE,
                              StrCat("tensor maps have rank 1 to 5, "
                                     "not ",
                                     tensorRank));
        if (tensorDataType < 0 ||
            tensorDataType >=
                static_cast<int>(std::size(kTensorMapElementBytes)))
          return RuntimeError(
              CUDA_ERROR_INVALID_VALUE,
              StrCat("unknown tensor map data type ", tensorDataType));
        auto *descriptor =
            static_cast<const MgpuMemRefDescriptor *>(rankedDescriptor);
        const int64_t *sizes = descriptor->sizesAndStrides;
        const int64_t *strides = sizes + tensorRank;
        // CUDA orders dimensions innermost first.
        uint64_t globalDim[kMaxRank] = {1, 1, 1, 1, 1};
        uint64_t globalStrides[kMaxRank] = {0};
        uint32_t boxDim[kMaxRank] = {1, 1, 1, 1, 1};
        uint32_t elementStrides[kMaxRank] = {1, 1, 1, 1, 1};
        for (int64_t i = 0; i < tensorRank; ++i) {
          globalDim[i] = sizes[tensorRank - 1 - i];
          boxDim[i] = static_cast<uint32_t>(inputBoxDims[tensorRank - 1 - i]);
        }
        for (int64_t i = 0; i + 1 < tensorRank; ++i)
          globalStrides[i] = strides[tensorRank - 2 - i] *
                             kTensorMapElementBytes[tensorDataType];

        MGPU_ASSIGN_OR_RETURN(Device * device, GetCurrentDevice());
        CUtensorMap map;
        MGPU_RETURN_IF_CUDA_ERROR(
            *device->driver, cuTensorMapEncodeTiled, &map,
            static_cast<CUtensorMapDataType>(tensorDataType),
            static_cast<cuuint32_t>(tensorRank),
            descriptor->aligned +
                descriptor->offset * kTensorMapElementBytes[tensorDataType],
            globalDim, globalStrides, boxDim, elementStrides,
            static_cast<CUtensorMapInterleave>(interleave),
            static_cast<CUtensorMapSwizzle>(swizzle),
            static_cast<CUtensorMapL2promotion>(l2Promotion),
            static_cast<CUtensorMapFloatOOBfill>(oobFill));
        static TensorMapCache *cache = new TensorMapCache;
        return cache->GetDeviceCopy(*device, map);
      });
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

int32_t mgpuGetLastError(void) { return TakeLastError(); }

const char *mgpuGetLastErrorMessage(void) { return GetLastErrorMessage(); }

void mgpuSetErrorHandler(MgpuErrorHandler handler, void *userData) {
  SetErrorHandler(handler, userData);
}
