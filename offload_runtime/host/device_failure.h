//===- device_failure.h - A failed kernel fails the host device -*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Work that fails on a stream (a kernel's cf.assert, a block that finds no
// memory) leaves the host device failed for the rest of the process, as a
// device-side assert leaves a GPU's context: every stream skips the work
// queued after it, and every later call that runs work or waits for it
// (launches, copies, fills, allocations, stream and event synchronization)
// reports the first failure. A failure is therefore never lost: not with
// the stream that saw it (destroyed, or the stream of a thread that ended,
// back in the pool), and not through an event that another stream waited
// for.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_DEVICE_FAILURE_H
#define OFFLOAD_RUNTIME_HOST_DEVICE_FAILURE_H

#include "offload_runtime/status.h"

namespace mgpu::host {

/// Records `failure`, unless the device failed already.
void FailDevice(Status failure);
/// Whether work failed: a load and a predictable branch.
bool DeviceFailed();
/// The first failure (with what it means for later calls), or OK.
Status GetDeviceFailure();

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_DEVICE_FAILURE_H
