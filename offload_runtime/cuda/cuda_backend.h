//===- cuda_backend.h - The mgpu entry points over the CUDA driver -*- C++
//-*-===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_CUDA_BACKEND_H
#define OFFLOAD_RUNTIME_CUDA_CUDA_BACKEND_H

#include "offload_runtime/backend.h"

#include <memory>

namespace mgpu {

/// The backend over the CUDA driver (cuda_driver.h), or why it cannot run:
/// no driver, or no device.
StatusOr<std::unique_ptr<Backend>> CreateCudaBackend();

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_CUDA_BACKEND_H
