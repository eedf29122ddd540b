//===- backends.cc - The process's backend --------------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// $MGPU_DEVICE chooses, at the first call:
//   auto (the default): CUDA, then ROCm, then Vulkan, then the host CPU, the
//                       first that runs here; when the first call loads a
//                       gpu.binary, only the GPU backends that it has an
//                       object for are tried (CUDA for cubins, fatbins and
//                       PTX, ROCm for AMDGPU code objects, and only where
//                       one is for the AMD GPU's chip, Vulkan for SPIR-V),
//                       and without the objects (mgpuMemAlloc
//                       first) CUDA only, so that a program that never loads
//                       an AMDGPU or SPIR-V object keeps running on the host
//                       as before;
//   cuda:               CUDA, or the reason it cannot run;
//   rocm:               ROCm's HIP runtime, or the reason it cannot run;
//   vulkan:             Vulkan, or the reason it cannot run;
//   host:               the host CPU.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/backend.h"

#include "offload_runtime/cuda/cuda_backend.h"
#include "offload_runtime/hip/hip_backend.h"
#include "offload_runtime/host/host_backend.h"
#include "offload_runtime/object_selection.h"
#include "offload_runtime/trace.h"
#include "offload_runtime/vulkan/vulkan_backend.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <tuple>

namespace mgpu {
namespace {

bool Holds(const MgpuObject *objects, int32_t count,
           std::initializer_list<int> kinds) {
  for (int32_t i = 0; objects && i < count; ++i)
    for (int kind : kinds)
      if (objects[i].kind == kind)
        return true;
  return false;
}

StatusOr<std::unique_ptr<Backend>>
ChooseAutomatically(const MgpuObject *objects, int32_t count) {
  const bool loading = objects && count > 0;
  const bool tryCuda = !loading || Holds(objects, count,
                                         {MGPU_OBJECT_CUBIN, MGPU_OBJECT_FATBIN,
                                          MGPU_OBJECT_PTX});
  const bool tryRocm = loading && Holds(objects, count, {MGPU_OBJECT_AMDGPU});
  const bool tryVulkan = loading && Holds(objects, count, {MGPU_OBJECT_SPIRV});
  std::string why;
  for (auto [tried, name, create] :
       {std::tuple{tryCuda, "CUDA", &CreateCudaBackend},
        std::tuple{tryRocm, "ROCm", &CreateHipBackend},
        std::tuple{tryVulkan, "Vulkan", &CreateVulkanBackend}}) {
    if (!tried)
      continue;
    // An AMD GPU of a chip the binary has no code object for: the next.
    if (create == &CreateHipBackend) {
      if (Status runs = CheckHipDeviceRunsOneOf(objects, count); !runs.ok()) {
        why += StrCat(why.empty() ? "" : "; ", name, " cannot: ", runs.text());
        continue;
      }
    }
    StatusOr<std::unique_ptr<Backend>> backend = create();
    if (backend.ok())
      return backend;
    why += StrCat(why.empty() ? "" : "; ", name,
                  " cannot: ", backend.status().text());
  }
  if (why.empty())
    why = StrCat("the first gpu.binary it loads holds no GPU object (",
                 DescribeObjects(objects, count), ")");
  return CreateHostBackend(
      StrCat("MGPU_DEVICE=auto runs on the host because ", why));
}

StatusOr<std::unique_ptr<Backend>> ChooseBackend(const MgpuObject *objects,
                                                 int32_t count) {
  const char *choice = std::getenv("MGPU_DEVICE");
  if (!choice || !*choice || !std::strcmp(choice, "auto"))
    return ChooseAutomatically(objects, count);
  if (!std::strcmp(choice, "cuda"))
    return CreateCudaBackend();
  if (!std::strcmp(choice, "rocm"))
    return CreateHipBackend();
  if (!std::strcmp(choice, "vulkan"))
    return CreateVulkanBackend();
  if (!std::strcmp(choice, "host"))
    return CreateHostBackend("MGPU_DEVICE=host chooses the host backend");
  return RuntimeError(CUDA_ERROR_INVALID_VALUE,
                      StrCat("MGPU_DEVICE='", choice,
                             "' is not auto, cuda, rocm, vulkan or host"));
}

} // namespace

namespace detail {
std::atomic<Backend *> chosenBackend{nullptr};
std::atomic<FastPath> fastPath{FastPath::kNone};
} // namespace detail

namespace {
/// Makes `backend` the one that ChosenBackend() and the entry points' fast
/// path (ChosenFastPath()) give.
void Publish(Backend *backend) {
  detail::chosenBackend.store(backend, std::memory_order_release);
  // Tracing, decided at the process's first call (before this one's body),
  // wants every call through RunEntryPoint. After the backend: a fast path
  // may ask for it.
  if (!trace::Enabled())
    detail::fastPath.store(backend->GetFastPath(), std::memory_order_release);
}
} // namespace

StatusOr<Backend *> GetBackendFor(const MgpuObject *objects, int32_t count) {
  if (Backend *backend = ChosenBackend())
    return backend;
  // Chosen once; a failure is final too (the machine will not grow a driver).
  // Never destroyed: global destructors may still unload modules.
  static const StatusOr<Backend *> *backend = nullptr;
  static std::once_flag once;
  std::call_once(once, [&] {
    StatusOr<std::unique_ptr<Backend>> chosen = ChooseBackend(objects, count);
    if (!chosen.ok()) {
      backend = new StatusOr<Backend *>(chosen.status());
      return;
    }
    backend = new StatusOr<Backend *>(chosen->release());
    Publish(**backend);
  });
  return *backend;
}

StatusOr<Backend *> GetBackend() { return GetBackendFor(nullptr, 0); }

} // namespace mgpu
