//===- module.cc - GPU objects loaded per device, and their kernels -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/module.h"
#include "offload_runtime/backend_registry.h"

#include "offload_runtime/cuda/image_check.h"

#include "offload_runtime/atomic_array.h"
#include "offload_runtime/cuda/cuda_error.h"
#include "offload_runtime/cuda/object_selection.h"
#include "offload_runtime/process_exit.h"

#include <unordered_map>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

namespace mgpu {
namespace {

constexpr int kUnchosen = -1;

/// Loads `image` as a library; with `jitOptLevel`, PTX is compiled at it.
StatusOr<CUlibrary> LoadLibrary(const CudaDriver &driver, const void *image,
                                std::optional<int> jitOptLevel) {
  // A failed PTX JIT explains itself only in this log.
  char errorLog[8192] = {0};
  CUjit_option options[3] = {CU_JIT_ERROR_LOG_BUFFER,
                             CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                             CU_JIT_OPTIMIZATION_LEVEL};
  void *values[3] = {errorLog, reinterpret_cast<void *>(sizeof(errorLog)),
                     reinterpret_cast<void *>(
                         static_cast<uintptr_t>(jitOptLevel.value_or(4)))};
  unsigned numOptions = jitOptLevel ? 3 : 2;
  CUlibrary library = nullptr;
  if (CUresult result = driver.cuLibraryLoadData(
          &library, image, options, values, numOptions, nullptr, nullptr, 0);
      result != CUDA_SUCCESS) {
    std::string log(errorLog, strnlen(errorLog, sizeof(errorLog)));
    while (!log.empty() && (log.back() == '\n' || log.back() == '\r'))
      log.pop_back();
    for (char &c : log)
      if (c == '\n')
        c = ' ';
    return CudaError(driver, result, "cuLibraryLoadData",
                     log.empty() ? "" : StrCat("JIT log: ", log));
  }
  return library;
}

} // namespace

CudaKernel::CudaKernel(CudaModule &module, std::string name, size_t objectCount,
                       size_t deviceCount)
    : module(module), name(std::move(name)),
      byObject(MakeAtomics<CUkernel>(objectCount, nullptr)),
      byDevice(MakeAtomics<CUkernel>(deviceCount, nullptr)),
      sharedMemoryOptIn(MakeAtomics<int32_t>(deviceCount, 0)) {}

class CudaModule {
public:
  /// `objects` come from a gpu.binary (chosen from per device), or are one
  /// image whose kind is left to the driver (`anyDevice`).
  CudaModule(const CudaDriver &driver, std::vector<MgpuObject> objects,
             bool anyDevice, std::optional<int> jitOptLevel,
             std::string binaryName, int deviceCount)
      : driver(driver), objects(std::move(objects)), anyDevice(anyDevice),
        jitOptLevel(jitOptLevel), binaryName(std::move(binaryName)),
        deviceCount(deviceCount),
        chosen(MakeAtomics<int>(deviceCount, kUnchosen)),
        libraries(MakeAtomics<CUlibrary>(this->objects.size(), nullptr)) {}

  ~CudaModule() {
    for (auto &[name, kernel] : byName)
      delete kernel;
  }

  /// The index of the object that `device` uses.
  StatusOr<int> ObjectFor(Device &device) {
    int object = chosen[device.ordinal].load(std::memory_order_acquire);
    if (object != kUnchosen)
      return object;
    std::lock_guard<std::mutex> lock(loadMutex);
    return ChooseLocked(device);
  }

  /// The library of `object`, loaded on first use.
  StatusOr<CUlibrary> LibraryFor(int object) {
    if (CUlibrary library = libraries[object].load(std::memory_order_acquire))
      return library;
    std::lock_guard<std::mutex> lock(loadMutex);
    return LibraryLocked(object);
  }

  StatusOr<CUkernel> Resolve(CudaKernel &kernel, Device &device) {
    MGPU_ASSIGN_OR_RETURN(int object, ObjectFor(device));
    if (CUkernel found =
            kernel.byObject[object].load(std::memory_order_acquire)) {
      kernel.byDevice[device.ordinal].store(found, std::memory_order_release);
      return found;
    }
    std::lock_guard<std::mutex> lock(loadMutex);
    if (CUkernel found =
            kernel.byObject[object].load(std::memory_order_relaxed))
      return found;
    MGPU_ASSIGN_OR_RETURN(CUlibrary library, LibraryLocked(object));
    CUkernel found = nullptr;
    if (CUresult result =
            driver.cuLibraryGetKernel(&found, library, kernel.name.c_str());
        result != CUDA_SUCCESS)
      return CudaError(driver, result, "cuLibraryGetKernel",
                       StrCat("kernel '", kernel.name, "'"));
    kernel.byObject[object].store(found, std::memory_order_release);
    kernel.byDevice[device.ordinal].store(found, std::memory_order_release);
    return found;
  }

  StatusOr<CudaKernel *> Kernel(const char *name, Device &device) {
    // Lowered IR passes the same constant string on every call: look it up
    // by address first (checking the text, in case the address was reused),
    // which needs no allocation and no hashing of the name.
    CudaKernel *kernel = nullptr;
    {
      std::shared_lock<std::shared_mutex> lock(namesMutex);
      auto it = byAddress.find(name);
      if (it != byAddress.end() && it->second.first == name)
        kernel = it->second.second;
      else if (auto named = byName.find(name); named != byName.end())
        kernel = named->second;
    }
    if (!kernel) {
      auto made = std::make_unique<CudaKernel>(*this, name, objects.size(),
                                               deviceCount);
      // Resolved before it is kept: a name the module lacks is never cached.
      MGPU_ASSIGN_OR_RETURN(CUkernel resolved, Resolve(*made, device));
      (void)resolved;
      std::unique_lock<std::shared_mutex> lock(namesMutex);
      auto [it, inserted] = byName.emplace(name, made.get());
      if (inserted)
        made.release();
      kernel = it->second;
    } else {
      MGPU_ASSIGN_OR_RETURN(CUkernel resolved, Resolve(*kernel, device));
      (void)resolved;
    }
    std::unique_lock<std::shared_mutex> lock(namesMutex);
    byAddress[name] = {kernel->name, kernel};
    return kernel;
  }

  Status UnloadLibraries() {
    Status first = OkStatus();
    for (size_t i = 0; i < objects.size(); ++i) {
      CUlibrary library = libraries[i].load(std::memory_order_acquire);
      if (!library)
        continue;
      CUresult result = driver.cuLibraryUnload(library);
      if (result != CUDA_SUCCESS && result != CUDA_ERROR_DEINITIALIZED &&
          first.ok())
        first = CudaError(driver, result, "cuLibraryUnload");
    }
    return first;
  }

private:
  StatusOr<int> ChooseLocked(Device &device) {
    int object = chosen[device.ordinal].load(std::memory_order_relaxed);
    if (object != kUnchosen)
      return object;
    if (anyDevice) {
      object = 0;
    } else {
      object = SelectCudaObject(objects.data(), objects.size(),
                                device.computeCapability);
      if (object < 0)
        return RuntimeError(
            MGPU_ERROR_NO_BINARY_FOR_GPU,
            StrCat("gpu.binary @", binaryName, " has no object for device ",
                   device.ordinal, " (sm_", device.computeCapability,
                   "): it holds ",
                   DescribeObjects(objects.data(), objects.size()),
                   "; compile it for this chip too, or include PTX"));
    }
    chosen[device.ordinal].store(object, std::memory_order_release);
    return object;
  }

  StatusOr<CUlibrary> LibraryLocked(int object) {
    if (CUlibrary library = libraries[object].load(std::memory_order_relaxed))
      return library;
    const MgpuObject &chosenObject = objects[object];
    std::optional<int> jit = jitOptLevel;
    if (!jit && chosenObject.kind == MGPU_OBJECT_PTX)
      jit = 4; // the driver's default, and its best
    MGPU_RETURN_IF_ERROR(CheckCudaImage(chosenObject.data, chosenObject.size));
    MGPU_ASSIGN_OR_RETURN(CUlibrary library,
                          LoadLibrary(driver, chosenObject.data, jit));
    libraries[object].store(library, std::memory_order_release);
    return library;
  }

  const CudaDriver &driver;
  const std::vector<MgpuObject> objects;
  const bool anyDevice;
  const std::optional<int> jitOptLevel;
  const std::string binaryName;
  const int deviceCount;
  /// The object each device uses, once chosen.
  const std::unique_ptr<std::atomic<int>[]> chosen;
  /// Each object's library, once loaded.
  const std::unique_ptr<std::atomic<CUlibrary>[]> libraries;
  /// Choosing and loading.
  std::mutex loadMutex;
  std::shared_mutex namesMutex;
  std::unordered_map<std::string, CudaKernel *> byName;
  /// Name pointer -> (its text when cached, kernel).
  std::unordered_map<const char *, std::pair<std::string, CudaKernel *>>
      byAddress;
};

StatusOr<CudaModule *> LoadImage(const CudaDriver &driver, const void *image,
                                 size_t size, std::optional<int> jitOptLevel) {
  MGPU_ASSIGN_OR_RETURN(int deviceCount, GetDeviceCount());
  WatchForProcessExit();
  MgpuObject object = {image, size, 0, 0, MGPU_ARCH_PORTABLE, 0};
  auto module = std::make_unique<CudaModule>(
      driver, std::vector<MgpuObject>{object},
      /*anyDevice=*/true, jitOptLevel, "", deviceCount);
  // Loaded now, so that a bad image is reported by the load itself; the
  // caller may free the image afterwards.
  MGPU_ASSIGN_OR_RETURN(CUlibrary library, module->LibraryFor(0));
  (void)library;
  return module.release();
}

StatusOr<CudaModule *> LoadObjects(const CudaDriver &driver,
                                   const MgpuObject *objects, int32_t count,
                                   const char *binaryName, Device &device) {
  MGPU_ASSIGN_OR_RETURN(int deviceCount, GetDeviceCount());
  WatchForProcessExit();
  auto module = std::make_unique<CudaModule>(
      driver, std::vector<MgpuObject>(objects, objects + count),
      /*anyDevice=*/false, std::nullopt, binaryName, deviceCount);
  MGPU_ASSIGN_OR_RETURN(int object, module->ObjectFor(device));
  MGPU_ASSIGN_OR_RETURN(CUlibrary library, module->LibraryFor(object));
  (void)library;
  return module.release();
}

Status UnloadModule(CudaModule *module) {
  return UnloadUnlessExiting(module, &CudaModule::UnloadLibraries);
}

StatusOr<CudaKernel *> GetKernel(CudaModule &module, const char *name,
                                 Device &device) {
  return module.Kernel(name, device);
}

StatusOr<CUkernel> GetKernelForDevice(CudaKernel &kernel, Device &device) {
  if (CUkernel found = ReadyKernel(kernel, device))
    return found;
  return kernel.module.Resolve(kernel, device);
}

Status OptIntoSharedMemory(CudaKernel &kernel, CUkernel cuKernel,
                           Device &device, int32_t bytes) {
  if (bytes <= kDefaultSharedMemoryLimit)
    return OkStatus();
  if (bytes > device.maxSharedMemoryOptin)
    return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                        StrCat("the launch asks for ", bytes,
                               " bytes of dynamic shared memory; device ",
                               device.ordinal, " allows at most ",
                               device.maxSharedMemoryOptin));
  std::atomic<int32_t> &optedIn = kernel.sharedMemoryOptIn[device.ordinal];
  if (optedIn.load(std::memory_order_acquire) >= bytes)
    return OkStatus();
  MGPU_RETURN_IF_CUDA_ERROR(*device.driver, cuKernelSetAttribute,
                            CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                            bytes, cuKernel, device.device);
  int32_t previous = optedIn.load(std::memory_order_relaxed);
  while (previous < bytes && !optedIn.compare_exchange_weak(
                                 previous, bytes, std::memory_order_release))
    ;
  return OkStatus();
}

} // namespace mgpu
