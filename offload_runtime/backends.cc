//===- backends.cc - The process's backend --------------------------------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/backend.h"

#include "offload_runtime/cuda/cuda_backend.h"

#include <memory>

namespace mgpu {

StatusOr<Backend *> GetBackend() {
  // Chosen once; a failure is final too (the machine will not grow a driver).
  // Never destroyed: global destructors may still unload modules.
  static const StatusOr<Backend *> *backend = [] {
    StatusOr<std::unique_ptr<Backend>> cuda = CreateCudaBackend();
    if (!cuda.ok())
      return new StatusOr<Backend *>(cuda.status());
    return new StatusOr<Backend *>(cuda->release());
  }();
  return *backend;
}

} // namespace mgpu
