//===- streaming_stores.h - When a launch stores non-temporally -*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A host kernel whose vector stores go through pointers it never reads has
// a copy that stores them non-temporally (target/host/HostStreamingStores.h):
// no read of each line before it is written, and none of the output left in
// the cache. Its run function takes the copy for a launch whose threads
// store at least MgpuHostBlock::streamingBytes: by default the CPU's largest
// cache, which an output that size would pass through and leave anyway.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_STREAMING_STORES_H
#define OFFLOAD_RUNTIME_HOST_STREAMING_STORES_H

#include "offload_runtime/status.h"

#include <cstdint>

namespace mgpu::host {

/// MgpuHostBlock::streamingBytes: $MGPU_HOST_STREAMING_BYTES (0: never;
/// empty, as unset), else the size of CPU 0's largest cache as sysfs gives
/// it, else 0. An error when the variable is not a whole number of bytes.
/// Read once.
const StatusOr<uint64_t> &GetStreamingBytes();

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_STREAMING_STORES_H
