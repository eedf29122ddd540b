//===- fake_hip_memory.cc - The test HIP runtime: memory, streams, events -===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Device and managed memory are host memory, zeroed. Copies and fills happen
// at the call, on whatever stream; like HIP, they refuse a range that starts
// inside an allocation and runs past its end, and fills take device memory
// or registered host memory only.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_hip_entries.h"
#include "offload_runtime/testing/fake_hip_state.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

using namespace mgpu::hip;
using fake_hip::NoThrow;

namespace {

/// The entry of `ranges` (start -> bytes) that holds `ptr`, or end().
std::map<char *, size_t>::iterator Holding(std::map<char *, size_t> &ranges,
                                           const void *ptr) {
  auto *at = static_cast<char *>(const_cast<void *>(ptr));
  auto it = ranges.upper_bound(at);
  if (it == ranges.begin())
    return ranges.end();
  --it;
  return at < it->first + it->second ? it : ranges.end();
}

/// Whether `bytes` from `ptr` stay in the range that `ptr` starts in, if
/// any of `ranges`; `required`: whether it must start in one.
bool InRange(std::map<char *, size_t> &ranges, const void *ptr, size_t bytes,
             bool required) {
  auto it = Holding(ranges, ptr);
  if (it == ranges.end())
    return !required;
  size_t offset = static_cast<const char *>(ptr) - it->first;
  return bytes <= it->second - offset;
}

template <typename Info = char>
using HandleKind = mgpu::testing::HandleKind<fake_hip::State, Info>;

/// Streams, which keep their device (null: the null stream), and events.
const HandleKind<int> kStreams = {
    &fake_hip::State::streams, "hipStreamCreateWithFlags", "hipStreamDestroy",
    "hipStreamSynchronize", /*nullIsLive=*/true};
const HandleKind<> kEvents = {&fake_hip::State::events,
                              "hipEventCreateWithFlags", "hipEventDestroy",
                              "hipEventSynchronize", /*nullIsLive=*/false};

/// hip<Kind>CreateWithFlags, hip<Kind>Destroy and hip<Kind>Synchronize of
/// `kind`; a new handle keeps `info`.
template <typename Info, typename Handle>
hipError_t CreateHandle(const HandleKind<Info> &kind, Handle *handle,
                        bool validFlags, Info info = {}) {
  return NoThrow([&] {
    FAKE_HIP_ENTER(kind.create);
    return validFlags && (s.*kind.table).CreateInto(handle, info)
               ? hipSuccess
               : hipErrorInvalidValue;
  });
}

template <typename Info>
hipError_t DestroyHandle(const HandleKind<Info> &kind, const void *handle) {
  return NoThrow([&] {
    FAKE_HIP_ENTER(kind.destroy);
    return (s.*kind.table).Destroy(handle) ? hipSuccess : hipErrorInvalidHandle;
  });
}

template <typename Info>
hipError_t SynchronizeHandle(const HandleKind<Info> &kind, const void *handle) {
  return NoThrow([&] {
    FAKE_HIP_ENTER(kind.synchronize);
    return kind.IsLive(s, handle) ? hipSuccess : hipErrorInvalidHandle;
  });
}

hipError_t Allocate(fake_hip::State &s, void **ptr, size_t bytes) {
  if (!ptr)
    return hipErrorInvalidValue;
  if (bytes == 0) {
    *ptr = nullptr;
    return hipSuccess;
  }
  char *memory = static_cast<char *>(std::calloc(1, bytes));
  if (!memory)
    return hipErrorOutOfMemory;
  s.allocations[memory] = bytes;
  *ptr = memory;
  return hipSuccess;
}

/// hipMemsetD<bits>Async: `count` elements `value` at `dst`, device memory
/// or registered host memory.
template <typename Element>
hipError_t Fill(const char *entry, void *dst, Element value, size_t count,
                hipStream_t stream) {
  return NoThrow([&] {
    FAKE_HIP_ENTER(entry);
    if (!kStreams.IsLive(s, stream))
      return hipErrorInvalidHandle;
    if (count > SIZE_MAX / sizeof(Element))
      return hipErrorInvalidValue;
    bool device = Holding(s.allocations, dst) != s.allocations.end();
    std::map<char *, size_t> &ranges = device ? s.allocations : s.registrations;
    if (!InRange(ranges, dst, count * sizeof(Element), /*required=*/true))
      return hipErrorInvalidValue;
    std::fill_n(static_cast<Element *>(dst), count, value);
    return hipSuccess;
  });
}

} // namespace

hipError_t hipMalloc(void **ptr, size_t bytes) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipMalloc");
    return Allocate(s, ptr, bytes);
  });
}

hipError_t hipMallocManaged(void **ptr, size_t bytes, unsigned int flags) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipMallocManaged");
    return flags == hipMemAttachGlobal || flags == 2 /* Host */
               ? Allocate(s, ptr, bytes)
               : hipErrorInvalidValue;
  });
}

hipError_t hipFree(void *ptr) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipFree");
    if (!ptr)
      return hipSuccess;
    auto it = s.allocations.find(static_cast<char *>(ptr));
    if (it == s.allocations.end())
      return hipErrorInvalidValue;
    s.allocations.erase(it);
    std::free(ptr);
    return hipSuccess;
  });
}

hipError_t hipMemcpyAsync(void *dst, const void *src, size_t bytes,
                          hipMemcpyKind kind, hipStream_t stream) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipMemcpyAsync");
    if (kind > hipMemcpyDefault || (bytes && (!dst || !src)))
      return hipErrorInvalidValue;
    if (!kStreams.IsLive(s, stream))
      return hipErrorInvalidHandle;
    if (!InRange(s.allocations, dst, bytes, false) ||
        !InRange(s.allocations, src, bytes, false))
      return hipErrorInvalidValue;
    if (bytes)
      std::memmove(dst, src, bytes);
    return hipSuccess;
  });
}

hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
                             hipStream_t stream) {
  return Fill<int32_t>("hipMemsetD32Async", dst, value, count, stream);
}

hipError_t hipMemsetD16Async(hipDeviceptr_t dst, unsigned short value,
                             size_t count, hipStream_t stream) {
  return Fill<uint16_t>("hipMemsetD16Async", dst, value, count, stream);
}

hipError_t hipHostRegister(void *ptr, size_t bytes, unsigned int) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipHostRegister");
    if (!ptr || !bytes)
      return hipErrorInvalidValue;
    if (Holding(s.registrations, ptr) != s.registrations.end() ||
        Holding(s.registrations, static_cast<char *>(ptr) + bytes - 1) !=
            s.registrations.end())
      return hipErrorHostMemoryAlreadyRegistered;
    s.registrations[static_cast<char *>(ptr)] = bytes;
    return hipSuccess;
  });
}

hipError_t hipHostUnregister(void *ptr) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipHostUnregister");
    if (!s.registrations.erase(static_cast<char *>(ptr)))
      return hipErrorHostMemoryNotRegistered;
    return hipSuccess;
  });
}

// The host's address, as on an AMD GPU with unified addressing; memory that
// is not registered has none.
hipError_t hipHostGetDevicePointer(void **address, void *ptr,
                                   unsigned int flags) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipHostGetDevicePointer");
    if (!address || flags ||
        Holding(s.registrations, ptr) == s.registrations.end())
      return hipErrorInvalidValue;
    *address = ptr;
    return hipSuccess;
  });
}

//===--- Streams and events -----------------------------------------------===//

hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int) {
  return CreateHandle(kStreams, stream, /*validFlags=*/true,
                      fake_hip::currentDevice);
}

hipError_t hipStreamDestroy(hipStream_t stream) {
  return DestroyHandle(kStreams, stream);
}

hipError_t hipStreamSynchronize(hipStream_t stream) {
  return SynchronizeHandle(kStreams, stream);
}

hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                              unsigned int flags) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipStreamWaitEvent");
    if (flags != 0)
      return hipErrorInvalidValue;
    return kStreams.IsLive(s, stream) && kEvents.IsLive(s, event)
               ? hipSuccess
               : hipErrorInvalidHandle;
  });
}

hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags) {
  return CreateHandle(kEvents, event, /*validFlags=*/!(flags & ~0xfu));
}

hipError_t hipEventDestroy(hipEvent_t event) {
  return DestroyHandle(kEvents, event);
}

hipError_t hipEventSynchronize(hipEvent_t event) {
  return SynchronizeHandle(kEvents, event);
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipEventRecord");
    return kEvents.IsLive(s, event) && kStreams.IsLive(s, stream)
               ? hipSuccess
               : hipErrorInvalidHandle;
  });
}
