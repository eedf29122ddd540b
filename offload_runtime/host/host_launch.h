//===- host_launch.h - Kernel launches on the CPU ---------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A launch copies its parameters (as cuLaunchKernel does: the caller may
// reuse their storage at once), and queues on its stream a task that hands
// the grid's blocks to the worker pool. Each block runs on one worker, with
// its dynamic shared memory and its thread loops on that worker. A failed
// cf.assert ends its block (the kernel's trap unwinds with longjmp) and the
// rest of its worker's range, fails the launch with the message, which the
// stream's next synchronization reports, and stops the blocks of the other
// workers at their next call of the kernel (at most 16384 threads' worth of
// blocks a call).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_HOST_LAUNCH_H
#define OFFLOAD_RUNTIME_HOST_HOST_LAUNCH_H

#include "offload_runtime/backend.h"
#include "offload_runtime/host/host_module.h"
#include "offload_runtime/host/host_stream.h"
#include "offload_runtime/status.h"

namespace mgpu::host {

/// The most dynamic shared memory a block may ask for.
constexpr uint32_t kMaxSharedMemoryBytes = 64u << 20;

/// Queues a launch of `kernel` on `stream`, its parameters checked
/// (kernel_params.h) and copied; when `callerWaits` (the caller synchronizes
/// with the stream next), runs it on the calling thread instead if the
/// stream is idle (HostStream::RunNowIfIdle), with the parameters where
/// they are.
Status QueueLaunch(HostStream &stream, const HostKernel &kernel,
                   const LaunchConfig &config, const KernelParams &params,
                   bool callerWaits = false);

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_HOST_LAUNCH_H
