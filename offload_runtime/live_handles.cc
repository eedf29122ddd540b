//===- live_handles.cc - Streams, events and allocations still live -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/live_handles.h"

#include <map>
#include <mutex>
#include <shared_mutex>
#include <unordered_set>

namespace mgpu {

namespace detail {
HandleCache liveStreams;
} // namespace detail

namespace {

/// The live handles of one kind, and optionally a table of them for a fast
/// path.
class LiveSet {
public:
  LiveSet(const char *kind, const char *creator, HandleCache *cache)
      : kind(kind), creator(creator), cache(cache) {}

  void Add(const void *handle) {
    std::unique_lock<std::shared_mutex> lock(mutex);
    handles.insert(handle);
    if (cache)
      cache->Insert(handle);
  }

  Status Remove(const void *handle) {
    std::unique_lock<std::shared_mutex> lock(mutex);
    if (!handles.erase(handle))
      return NotLive(handle);
    if (cache)
      cache->Erase(handle);
    return OkStatus();
  }

  Status Check(const void *handle) {
    if (cache && cache->Holds(handle))
      return OkStatus();
    std::shared_lock<std::shared_mutex> lock(mutex);
    if (!handles.count(handle))
      return NotLive(handle);
    return OkStatus();
  }

private:
  Status NotLive(const void *handle) const {
    if (!handle)
      return RuntimeError(MGPU_ERROR_INVALID_HANDLE,
                          StrCat("the ", kind, " is null"));
    return RuntimeError(MGPU_ERROR_INVALID_HANDLE,
                        StrCat("the ", kind, " ", handle, " is not a live ",
                               kind, " (destroyed, or never created by ",
                               creator, ")"));
  }

  const char *const kind;
  const char *const creator;
  HandleCache *const cache;
  std::shared_mutex mutex;
  std::unordered_set<const void *> handles;
};

// Never destroyed: threads may use handles during exit.
LiveSet &Streams() {
  static auto *streams =
      new LiveSet("stream", "mgpuStreamCreate", &detail::liveStreams);
  return *streams;
}
LiveSet &Events() {
  static auto *events = new LiveSet("event", "mgpuEventCreate", nullptr);
  return *events;
}

/// The allocations not yet freed, by address.
struct Allocations {
  std::shared_mutex mutex;
  std::map<uintptr_t, uint64_t> bytesAt;
};
Allocations &GetAllocations() {
  static auto *allocations = new Allocations;
  return *allocations;
}

} // namespace

void AddLiveStream(MgpuStream stream) { Streams().Add(stream); }
Status RemoveLiveStream(MgpuStream stream) { return Streams().Remove(stream); }
void AddLiveEvent(MgpuEvent event) { Events().Add(event); }
Status RemoveLiveEvent(MgpuEvent event) { return Events().Remove(event); }

Status CheckStream(MgpuStream stream) {
  return stream ? Streams().Check(stream) : OkStatus();
}
Status CheckEvent(MgpuEvent event) { return Events().Check(event); }

void AddAllocation(const void *ptr, uint64_t bytes) {
  Allocations &allocations = GetAllocations();
  std::unique_lock<std::shared_mutex> lock(allocations.mutex);
  allocations.bytesAt[reinterpret_cast<uintptr_t>(ptr)] = bytes;
}

std::optional<uint64_t> RemoveAllocation(const void *ptr) {
  Allocations &allocations = GetAllocations();
  std::unique_lock<std::shared_mutex> lock(allocations.mutex);
  auto it = allocations.bytesAt.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == allocations.bytesAt.end())
    return std::nullopt;
  uint64_t bytes = it->second;
  allocations.bytesAt.erase(it);
  return bytes;
}

Status CheckWithinAllocation(const void *ptr, uint64_t bytes,
                             const char *what) {
  auto address = reinterpret_cast<uintptr_t>(ptr);
  Allocations &allocations = GetAllocations();
  std::shared_lock<std::shared_mutex> lock(allocations.mutex);
  auto after = allocations.bytesAt.upper_bound(address);
  if (after == allocations.bytesAt.begin())
    return OkStatus();
  auto [start, size] = *std::prev(after);
  uint64_t offset = address - start;
  // The caller checked that the range does not wrap around.
  if (offset >= size || bytes <= size - offset)
    return OkStatus();
  return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                      StrCat(what, " of ", bytes, " bytes at ", ptr,
                             " runs past the end of its allocation (", size,
                             " bytes at ",
                             reinterpret_cast<const void *>(start), ") by ",
                             bytes - (size - offset), " bytes"));
}

} // namespace mgpu
