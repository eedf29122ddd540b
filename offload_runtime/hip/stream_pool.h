//===- stream_pool.h - Reusable HIP streams ---------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Upstream's lowering creates and destroys
// a stream around every synchronous launch, so streams come from a pool per
// device, and after warm-up creating and destroying one costs no HIP call.
// Each thread also has its own stream per device, which an entry point given
// a null stream uses: never HIP's null stream, which waits for every other.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HIP_STREAM_POOL_H
#define OFFLOAD_RUNTIME_HIP_STREAM_POOL_H

#include "offload_runtime/hip/device.h"
#include "offload_runtime/hip/hip_api.h"
#include "offload_runtime/status.h"

namespace mgpu::hip {

/// A stream of `device`, from the pool, or new (made on the device, which
/// only then is made current).
StatusOr<hipStream_t> AcquireStream(Device &device);

/// Gives a stream back to the pool. One that the pool never handed out is
/// destroyed.
Status ReleaseStream(hipStream_t stream);

/// `stream`, or the calling thread's own stream on `device` when it is null.
StatusOr<hipStream_t> ResolveStream(Device &device, hipStream_t stream);

} // namespace mgpu::hip

#endif // OFFLOAD_RUNTIME_HIP_STREAM_POOL_H
