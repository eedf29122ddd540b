//===- module.cc - Code objects loaded per AMD GPU, and kernels -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/hip/module.h"
#include "offload_runtime/backend_registry.h"

#include "offload_runtime/atomic_array.h"
#include "offload_runtime/hip/hip_error.h"
#include "offload_runtime/hip/image_check.h"
#include "offload_runtime/hip/object_selection.h"
#include "offload_runtime/process_exit.h"

#include <atomic>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace mgpu::hip {

class Kernel {
public:
  Kernel(Module &module, std::string name, int deviceCount)
      : module(module), name(std::move(name)),
        byDevice(MakeAtomics<hipFunction_t>(deviceCount, nullptr)) {}

  Module &module;
  const std::string name;
  /// The kernel on each device, once looked up there.
  const std::unique_ptr<std::atomic<hipFunction_t>[]> byDevice;
};

class Module {
public:
  /// `objects` come from a gpu.binary, or are one image (`image` holds its
  /// bytes) that every device is given.
  Module(const HipRuntime &runtime, std::vector<MgpuObject> objects,
         std::string image, std::string binaryName, int deviceCount)
      : runtime(runtime), objects(std::move(objects)), image(std::move(image)),
        binaryName(std::move(binaryName)), deviceCount(deviceCount),
        loaded(MakeAtomics<hipModule_t>(deviceCount, nullptr)) {
    if (!this->image.empty()) // the copy, wherever its bytes moved to
      this->objects[0].data = this->image.data();
  }

  /// The module loaded on `device`, which is current.
  StatusOr<hipModule_t> On(Device &device) {
    if (hipModule_t module =
            loaded[device.ordinal].load(std::memory_order_acquire))
      return module;
    std::lock_guard<std::mutex> lock(mutex);
    return OnLocked(device);
  }

  StatusOr<hipFunction_t> Resolve(Kernel &kernel, Device &device) {
    std::atomic<hipFunction_t> &slot = kernel.byDevice[device.ordinal];
    if (hipFunction_t function = slot.load(std::memory_order_acquire))
      return function;
    std::lock_guard<std::mutex> lock(mutex);
    return ResolveLocked(kernel, device);
  }

  StatusOr<Kernel *> Find(const char *name, Device &device) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = kernels.find(name);
    if (it == kernels.end()) {
      auto made = std::make_unique<Kernel>(*this, name, deviceCount);
      // Resolved before it is kept: a name the module lacks is never cached.
      MGPU_ASSIGN_OR_RETURN(hipFunction_t function,
                            ResolveLocked(*made, device));
      (void)function;
      it = kernels.emplace(name, std::move(made)).first;
      return it->second.get();
    }
    MGPU_ASSIGN_OR_RETURN(hipFunction_t function,
                          ResolveLocked(*it->second, device));
    (void)function;
    return it->second.get();
  }

  Status Unload() {
    Status first = OkStatus();
    for (int i = 0; i < deviceCount; ++i) {
      hipModule_t module = loaded[i].load(std::memory_order_acquire);
      if (!module)
        continue;
      hipError_t result = runtime.hipModuleUnload(module);
      if (result != hipSuccess && result != hipErrorDeinitialized && first.ok())
        first = HipError(runtime, result, "hipModuleUnload");
    }
    return first;
  }

private:
  /// The object that `device` runs.
  StatusOr<const MgpuObject *> Choose(const Device &device) const {
    if (!image.empty())
      return &objects[0];
    int chosen = SelectAmdgpuObject(
        objects.data(), static_cast<int>(objects.size()), device.targetId);
    if (chosen < 0)
      return RuntimeError(
          MGPU_ERROR_NO_BINARY_FOR_GPU,
          StrCat(
              "gpu.binary @", binaryName, " has no object for ",
              device.Describe(), ": it holds ",
              DescribeObjects(objects.data(), static_cast<int>(objects.size())),
              "; compile it for this chip too (#offload.rocm), with xnack "
              "and sramecc as the device has them or left open"));
    return &objects[chosen];
  }

  StatusOr<hipModule_t> OnLocked(Device &device) {
    std::atomic<hipModule_t> &slot = loaded[device.ordinal];
    if (hipModule_t module = slot.load(std::memory_order_relaxed))
      return module;
    MGPU_ASSIGN_OR_RETURN(const MgpuObject *object, Choose(device));
    MGPU_ASSIGN_OR_RETURN(size_t bytes,
                          CheckAmdgpuImage(object->data, object->size, device));
    (void)bytes;
    hipModule_t module = nullptr;
    if (hipError_t result = runtime.hipModuleLoadData(&module, object->data);
        result != hipSuccess)
      return HipError(runtime, result, "hipModuleLoadData", device.Describe());
    slot.store(module, std::memory_order_release);
    return module;
  }

  StatusOr<hipFunction_t> ResolveLocked(Kernel &kernel, Device &device) {
    std::atomic<hipFunction_t> &slot = kernel.byDevice[device.ordinal];
    if (hipFunction_t function = slot.load(std::memory_order_relaxed))
      return function;
    MGPU_ASSIGN_OR_RETURN(hipModule_t module, OnLocked(device));
    hipFunction_t function = nullptr;
    if (hipError_t result = runtime.hipModuleGetFunction(&function, module,
                                                         kernel.name.c_str());
        result != hipSuccess)
      return HipError(
          runtime, result, "hipModuleGetFunction",
          StrCat("kernel '", kernel.name, "' on ", device.Describe()));
    slot.store(function, std::memory_order_release);
    return function;
  }

  const HipRuntime &runtime;
  /// Not changed after construction.
  std::vector<MgpuObject> objects;
  /// LoadImage's copy of its image; empty for a gpu.binary's objects.
  const std::string image;
  const std::string binaryName;
  const int deviceCount;
  /// The module each device loaded, once loaded.
  const std::unique_ptr<std::atomic<hipModule_t>[]> loaded;
  /// Choosing, loading and looking up.
  std::mutex mutex;
  std::unordered_map<std::string, std::unique_ptr<Kernel>> kernels;
};

StatusOr<Module *> LoadImage(const void *image, size_t size, Device &device) {
  MGPU_ASSIGN_OR_RETURN(size_t bytes, CheckAmdgpuImage(image, size, device));
  MGPU_ASSIGN_OR_RETURN(int deviceCount, GetDeviceCount());
  WatchForProcessExit();
  MgpuObject object = {nullptr, bytes, MGPU_OBJECT_AMDGPU, 0, 0, 0};
  auto module = std::make_unique<Module>(
      *device.runtime, std::vector<MgpuObject>{object},
      std::string(static_cast<const char *>(image), bytes), "", deviceCount);
  // Loaded now, so that a bad image is reported by the load itself.
  MGPU_ASSIGN_OR_RETURN(hipModule_t loaded, module->On(device));
  (void)loaded;
  return module.release();
}

StatusOr<Module *> LoadObjects(const MgpuObject *objects, int32_t count,
                               const char *binaryName, Device &device) {
  MGPU_ASSIGN_OR_RETURN(int deviceCount, GetDeviceCount());
  WatchForProcessExit();
  auto module = std::make_unique<Module>(
      *device.runtime, std::vector<MgpuObject>(objects, objects + count), "",
      binaryName ? binaryName : "?", deviceCount);
  MGPU_ASSIGN_OR_RETURN(hipModule_t loaded, module->On(device));
  (void)loaded;
  return module.release();
}

Status UnloadModule(Module *module) {
  return UnloadUnlessExiting(module, &Module::Unload);
}

StatusOr<Kernel *> GetKernel(Module &module, const char *name, Device &device) {
  return module.Find(name, device);
}

StatusOr<hipFunction_t> GetFunctionForDevice(Kernel &kernel, Device &device) {
  return kernel.module.Resolve(kernel, device);
}

} // namespace mgpu::hip
