//===- stream_pool.h - Reusable streams -------------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Upstream's lowering creates and destroys a stream around every synchronous
// launch. Streams here come from a per-device pool: after warm-up, creating
// and destroying one costs no driver call. Each thread also has its own
// stream per device, used wherever an entry point is given a null stream.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_STREAM_POOL_H
#define OFFLOAD_RUNTIME_CUDA_STREAM_POOL_H

#include "offload_runtime/cuda/cuda_driver_api.h"
#include "offload_runtime/cuda/device.h"
#include "offload_runtime/status.h"
#include "offload_runtime/thread_device.h"

namespace mgpu {

/// A stream of `device`, from the pool, or new (made in the device's
/// context, which only then is made current).
StatusOr<CUstream> AcquireStream(Device &device);

/// Gives a stream back to the pool it came from. A stream the pool never
/// handed out is destroyed, in the calling thread's device's context.
Status ReleaseStream(CUstream stream);

/// The calling thread's own stream on `device`.
StatusOr<CUstream> GetThreadStream(Device &device);

/// `stream`, or the thread's own stream on `device` when it is null.
inline StatusOr<CUstream> ResolveStream(Device &device, CUstream stream) {
  if (stream)
    return stream;
  return GetThreadStream(device);
}

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_STREAM_POOL_H
