//===- hip_runtime.h - The HIP runtime, loaded at first use -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The runtime never links libamdhip64: a program that uses it starts, and
// runs on another backend, on a machine without ROCm. The HIP
// runtime is opened at first use, $MGPU_HIP_RUNTIME if set, else the first
// of kHipRuntimeSearchOrder that loads, and every entry point of
// hip_symbols.inc is resolved once into one table, with the signatures of
// hip_api.h: building the runtime needs no ROCm.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HIP_HIP_RUNTIME_H
#define OFFLOAD_RUNTIME_HIP_HIP_RUNTIME_H

#include "offload_runtime/hip/hip_api.h"
#include "offload_runtime/status.h"

#include <string>

namespace mgpu::hip {

/// Where the HIP runtime is looked for without $MGPU_HIP_RUNTIME, in order:
/// through the dynamic linker's path, the development link first (it names
/// the ROCm a machine builds against), then each major version, newest
/// first; then in $ROCM_PATH/lib and /opt/rocm/lib, where ROCm installs it
/// without always telling the dynamic linker.
constexpr const char *kHipRuntimeSearchOrder[] = {
    "libamdhip64.so",
    "libamdhip64.so.7",
    "libamdhip64.so.6",
    "libamdhip64.so.5",
    "$ROCM_PATH/lib/libamdhip64.so",
    "/opt/rocm/lib/libamdhip64.so",
};

struct HipRuntime {
#define MGPU_HIP_ENTRY(name) decltype(&hip::name) name = nullptr;
#define MGPU_HIP_OPTIONAL(name) MGPU_HIP_ENTRY(name)
#include "offload_runtime/hip/hip_symbols.inc"
#undef MGPU_HIP_ENTRY
#undef MGPU_HIP_OPTIONAL
  /// The library it was loaded from, as it was named to dlopen.
  std::string path;
  /// The number of devices it sees, at least 1.
  int deviceCount = 0;
};

/// The HIP runtime, loaded and initialized (hipInit) on the first call, with
/// at least one device; the same table or the same error afterwards: one
/// line that says what is missing. Thread-safe.
StatusOr<const HipRuntime *> GetHipRuntime();

} // namespace mgpu::hip

#endif // OFFLOAD_RUNTIME_HIP_HIP_RUNTIME_H
