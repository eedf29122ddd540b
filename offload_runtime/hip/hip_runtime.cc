//===- hip_runtime.cc - The HIP runtime, loaded at first use --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/hip/hip_runtime.h"

#include "offload_runtime/hip/hip_error.h"

#include <dlfcn.h>

#include <cstdlib>
#include <string>
#include <string_view>

namespace mgpu::hip {
namespace {

/// `entry` with $ROCM_PATH replaced, or empty where it is unset.
std::string Expand(std::string_view entry) {
  constexpr std::string_view kVariable = "$ROCM_PATH";
  if (entry.substr(0, kVariable.size()) != kVariable)
    return std::string(entry);
  const char *rocm = std::getenv("ROCM_PATH");
  if (!rocm || !*rocm)
    return "";
  return rocm + std::string(entry.substr(kVariable.size()));
}

/// Whether dlopen's `error` for `path` says only that there is no such file:
/// then the search goes on without a word; any other reason (a missing
/// dependency, a wrong ELF class) is worth saying.
bool JustMissing(const std::string &path, const char *error) {
  return error && std::string(error) == path + ": cannot open shared object "
                                               "file: No such file or "
                                               "directory";
}

/// Opens $MGPU_HIP_RUNTIME, or the first library of the search order that
/// loads.
StatusOr<void *> Open(std::string &path) {
  const char *chosen = std::getenv("MGPU_HIP_RUNTIME");
  if (chosen && *chosen) {
    path = chosen;
    if (void *library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL))
      return library;
    return RuntimeError(
        MGPU_ERROR_NOT_INITIALIZED,
        StrCat("cannot load the HIP runtime MGPU_HIP_RUNTIME names (",
               dlerror(), "): point it at a libamdhip64.so, or unset it"));
  }
  std::string tried;
  for (const char *entry : kHipRuntimeSearchOrder) {
    path = Expand(entry);
    if (path.empty())
      continue;
    if (void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL))
      return library;
    const char *error = dlerror();
    tried += StrCat(tried.empty() ? "" : ", ", path,
                    JustMissing(path, error) ? "" : StrCat(" (", error, ")"));
  }
  return RuntimeError(
      MGPU_ERROR_NOT_INITIALIZED,
      StrCat("cannot load the HIP runtime: tried ", tried,
             "; install ROCm's HIP runtime (libamdhip64), or set "
             "MGPU_HIP_RUNTIME to its libamdhip64.so"));
}

StatusOr<HipRuntime> Resolve(void *library, const std::string &path) {
  HipRuntime runtime;
  runtime.path = path;
  auto missing = [&](const char *name) {
    return RuntimeError(MGPU_ERROR_NOT_INITIALIZED,
                        StrCat("the HIP runtime ", path, " has no ", name,
                               ": install the HIP runtime of ROCm 5 or later"));
  };
#define MGPU_HIP_OPTIONAL(name)                                                \
  runtime.name =                                                               \
      reinterpret_cast<decltype(runtime.name)>(dlsym(library, #name));
#define MGPU_HIP_ENTRY(name)                                                   \
  MGPU_HIP_OPTIONAL(name)                                                      \
  if (!runtime.name)                                                           \
    return missing(#name);
#include "offload_runtime/hip/hip_symbols.inc"
#undef MGPU_HIP_ENTRY
#undef MGPU_HIP_OPTIONAL
  if (!runtime.hipGetDevicePropertiesR0600 && !runtime.hipGetDeviceProperties)
    return missing("hipGetDevicePropertiesR0600 or hipGetDeviceProperties");
  return runtime;
}

/// hipInit, and at least one device. Without a GPU, ROCm 5.2's hipInit
/// fails with hipErrorInvalidDevice and hipGetDeviceCount with
/// hipErrorNoDevice: both say the same thing, in one line.
Status Initialize(HipRuntime &runtime) {
  hipError_t init = runtime.hipInit(0);
  int count = 0;
  hipError_t counted = runtime.hipGetDeviceCount(&count);
  if (counted != hipSuccess && counted != hipErrorNoDevice)
    count = -1;
  if (count == 0)
    return RuntimeError(
        MGPU_ERROR_NO_DEVICE,
        StrCat("the HIP runtime ", runtime.path, " sees no AMD GPU (",
               init != hipSuccess
                   ? StrCat("hipInit failed with ", HipErrorName(runtime, init))
                   : std::string("hipGetDeviceCount found none"),
               "): check the GPU, its amdgpu kernel driver (/dev/kfd) and "
               "HIP_VISIBLE_DEVICES"));
  if (init != hipSuccess)
    return HipError(runtime, init, "hipInit");
  if (counted != hipSuccess)
    return HipError(runtime, counted, "hipGetDeviceCount");
  runtime.deviceCount = count;
  return OkStatus();
}

StatusOr<HipRuntime> Load() {
  std::string path;
  // Never closed: HIP starts threads, and a failed library may hold some.
  MGPU_ASSIGN_OR_RETURN(void *library, Open(path));
  MGPU_ASSIGN_OR_RETURN(HipRuntime runtime, Resolve(library, path));
  MGPU_RETURN_IF_ERROR(Initialize(runtime));
  return runtime;
}

} // namespace

StatusOr<const HipRuntime *> GetHipRuntime() {
  // Loaded once; a failure is final too (the machine will not grow a GPU).
  static const StatusOr<HipRuntime> *runtime = new StatusOr<HipRuntime>(Load());
  if (!runtime->ok())
    return runtime->status();
  return &**runtime;
}

} // namespace mgpu::hip
