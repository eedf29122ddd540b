//===- live_handles.h - Streams, events and allocations still live -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The streams and events that the entry points handed out and that are not
// yet destroyed, and the allocations not yet freed, kept by the core for
// every backend alike: a stream or event used after its destruction is the
// same error (MGPU_ERROR_INVALID_HANDLE) whatever the backend, and so is a
// copy or fill that runs past the end of its allocation
// (MGPU_ERROR_INVALID_VALUE), before any backend is asked. A handle whose
// address a later creation reuses cannot be told from the new one, as with
// the drivers' own handles.
//
// A backend's fast path checks a stream without a lock, in a table of live
// streams as the launch path checks kernels (live_modules.h); one that is
// not there goes the whole way, which asks the set under a shared lock.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_LIVE_HANDLES_H
#define OFFLOAD_RUNTIME_LIVE_HANDLES_H

#include "mgpu/mgpu.h"

#include "offload_runtime/handle_cache.h"
#include "offload_runtime/status.h"

#include <cstdint>
#include <optional>

namespace mgpu {

/// Records a stream or event that the backend made; forgets it, or the
/// error of one that is not live (destroyed, or not a handle of ours).
void AddLiveStream(MgpuStream stream);
Status RemoveLiveStream(MgpuStream stream);
void AddLiveEvent(MgpuEvent event);
Status RemoveLiveEvent(MgpuEvent event);

/// OK for null (the calling thread's own stream) and a live stream, else the
/// error of a stream used after its destruction.
Status CheckStream(MgpuStream stream);
/// OK for a live event; else the error (null included).
Status CheckEvent(MgpuEvent event);

/// Records an allocation of `bytes` at `ptr`; forgets it, giving its size
/// (none if it was not one).
void AddAllocation(const void *ptr, uint64_t bytes);
std::optional<uint64_t> RemoveAllocation(const void *ptr);

/// OK unless the `bytes` at `ptr` (the `what` of a copy or fill) start in an
/// allocation and run past its end. Memory that no allocation holds (the
/// host's own, registered or not) is the backend's to judge.
Status CheckWithinAllocation(const void *ptr, uint64_t bytes, const char *what);

namespace detail {
extern HandleCache liveStreams;
} // namespace detail

/// Whether the table of live streams holds `stream`: then it is live. A
/// load or two, inline, and no call, for a backend's fast path, which goes
/// the whole way when it is not there.
inline bool IsCachedLiveStream(MgpuStream stream) {
  return detail::liveStreams.Holds(stream);
}

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_LIVE_HANDLES_H
