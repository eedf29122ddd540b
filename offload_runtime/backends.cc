//===- backends.cc - The process's backend --------------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// $MGPU_DEVICE chooses, at the first call:
//   auto (the default): CUDA if its driver loads and sees a device, else the
//                       host CPU;
//   cuda:               CUDA, or the reason it cannot run;
//   host:               the host CPU.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/backend.h"

#include "offload_runtime/cuda/cuda_backend.h"
#include "offload_runtime/host/host_backend.h"

#include <cstdlib>
#include <cstring>
#include <memory>

namespace mgpu {
namespace {

StatusOr<std::unique_ptr<Backend>> ChooseBackend() {
  const char *choice = std::getenv("MGPU_DEVICE");
  if (!choice || !*choice || !std::strcmp(choice, "auto")) {
    StatusOr<std::unique_ptr<Backend>> cuda = CreateCudaBackend();
    if (cuda.ok())
      return cuda;
    return CreateHostBackend(StrCat("MGPU_DEVICE=auto runs on the host "
                                    "because CUDA cannot: ",
                                    cuda.status().text()));
  }
  if (!std::strcmp(choice, "cuda"))
    return CreateCudaBackend();
  if (!std::strcmp(choice, "host"))
    return CreateHostBackend("MGPU_DEVICE=host chooses the host backend");
  return RuntimeError(
      CUDA_ERROR_INVALID_VALUE,
      StrCat("MGPU_DEVICE='", choice, "' is not auto, cuda or host"));
}

} // namespace

StatusOr<Backend *> GetBackend() {
  // Chosen once; a failure is final too (the machine will not grow a driver).
  // Never destroyed: global destructors may still unload modules.
  static const StatusOr<Backend *> *backend = [] {
    StatusOr<std::unique_ptr<Backend>> chosen = ChooseBackend();
    if (!chosen.ok())
      return new StatusOr<Backend *>(chosen.status());
    return new StatusOr<Backend *>(chosen->release());
  }();
  return *backend;
}

} // namespace mgpu
