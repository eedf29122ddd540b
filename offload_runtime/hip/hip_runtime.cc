//===- hip_runtime.cc - The HIP runtime, loaded at first use --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/hip/hip_runtime.h"

#include "offload_runtime/hip/hip_error.h"

#include "offload_runtime/driver_library.h"

#include <dlfcn.h>

#include <initializer_list>
#include <iterator>
#include <string>

namespace mgpu::hip {
namespace {

StatusOr<HipRuntime> Resolve(const OpenedLibrary &library) {
  HipRuntime runtime;
  runtime.path = library.path;
  auto missing = [&](const char *name) {
    return RuntimeError(MGPU_ERROR_NOT_INITIALIZED,
                        StrCat("the HIP runtime ", library.path, " has no ",
                               name,
                               ": install the HIP runtime of ROCm 5 or later"));
  };
  const std::initializer_list<DriverSymbol> symbols = {
#define MGPU_HIP_ENTRY(name)                                                   \
  {#name, reinterpret_cast<void **>(&runtime.name), false},
#define MGPU_HIP_OPTIONAL(name)                                                \
  {#name, reinterpret_cast<void **>(&runtime.name), true},
#include "offload_runtime/hip/hip_symbols.inc"
#undef MGPU_HIP_ENTRY
#undef MGPU_HIP_OPTIONAL
  };
  MGPU_RETURN_IF_ERROR(ResolveDriverSymbols(
      symbols, [&](const char *name) { return dlsym(library.handle, name); },
      missing));
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
  // Never closed: HIP starts threads, and a failed library may hold some.
  MGPU_ASSIGN_OR_RETURN(
      OpenedLibrary library,
      OpenDriverLibrary({"the HIP runtime", "MGPU_HIP_RUNTIME",
                         kHipRuntimeSearchOrder,
                         std::size(kHipRuntimeSearchOrder),
                         "install ROCm's HIP runtime (libamdhip64), or set "
                         "MGPU_HIP_RUNTIME to its libamdhip64.so",
                         "point it at a libamdhip64.so, or unset it"}));
  MGPU_ASSIGN_OR_RETURN(HipRuntime runtime, Resolve(library));
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
