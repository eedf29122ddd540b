//===- host_backend.h - The mgpu entry points on the host CPU ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_HOST_BACKEND_H
#define OFFLOAD_RUNTIME_HOST_HOST_BACKEND_H

#include "offload_runtime/backend.h"

#include <memory>
#include <string>

namespace mgpu {

/// The backend that runs host objects (#offload.host) on the CPU's cores:
/// one device, device 0. `why` says why it runs rather than CUDA, for the
/// message about a binary that has no host object. An error when
/// $MGPU_HOST_THREADS means nothing.
StatusOr<std::unique_ptr<Backend>> CreateHostBackend(std::string why);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_HOST_HOST_BACKEND_H
