//===- fake_hip_state.cc - What the test HIP runtime keeps ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Also the control functions of fake_hip_control.h, which read the state.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_hip_state.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace fake_hip {
namespace {

constexpr const char *kDefaultDevices = "gfx90a:sramecc+:xnack-";

/// The devices of FAKE_HIP_DEVICES; a chip the table does not know is kept,
/// and runs nothing, but what is not a gfx name is a mistake of the test.
std::vector<Device> ReadDevices() {
  const char *spec = std::getenv("FAKE_HIP_DEVICES");
  std::string list = spec ? spec : kDefaultDevices;
  std::vector<Device> devices;
  for (size_t start = 0; start < list.size();) {
    size_t end = std::min(list.find(',', start), list.size());
    Device device;
    device.text = list.substr(start, end - start);
    if (device.text.compare(0, 3, "gfx") != 0) {
      std::fprintf(stderr, "fake_hip: FAKE_HIP_DEVICES: '%s' is no gfx name\n",
                   device.text.c_str());
      std::abort();
    }
    if (std::optional<object_format::AmdgpuTargetId> id =
            object_format::parseAmdgpuTargetId(device.text, nullptr))
      device.id = *id;
    devices.push_back(std::move(device));
    start = end + 1;
  }
  return devices;
}

} // namespace

State &state() {
  static State *s = new State;
  return *s;
}

thread_local int currentDevice = 0;

hipError_t Enter(const char *name, std::unique_lock<std::mutex> &lock) {
  State &s = state();
  lock = std::unique_lock<std::mutex>(s.mutex);
  s.calls.Count(name);
  if (!s.started) {
    s.started = true;
    s.devices = ReadDevices();
    // After exit begins, every call fails, as a torn-down runtime's would.
    std::atexit([] {
      std::lock_guard<std::mutex> guard(state().mutex);
      state().exiting = true;
    });
  }
  if (s.exiting)
    return mgpu::hip::hipErrorDeinitialized;
  if (int injected = s.calls.TakeFailure(name))
    return static_cast<hipError_t>(injected);
  return mgpu::hip::hipSuccess;
}

} // namespace fake_hip

using fake_hip::state;

namespace {

/// Runs `read` on the state under its lock.
template <typename Read> auto Inspect(Read &&read) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return read(state());
}

} // namespace

FAKE_EXPORT int64_t fakeHipCallCount(const char *name) {
  return Inspect([&](fake_hip::State &s) { return s.calls.Calls(name); });
}

FAKE_EXPORT void fakeHipResetCallCounts(void) {
  Inspect([](fake_hip::State &s) {
    s.calls.Reset();
    return 0;
  });
}

FAKE_EXPORT void fakeHipFailCall(const char *name, int result, int64_t skip) {
  Inspect([&](fake_hip::State &s) {
    s.calls.Fail(name, result, skip);
    return 0;
  });
}

FAKE_EXPORT int fakeHipLastLaunch(FakeHipLaunch *launch) {
  return Inspect([&](fake_hip::State &s) {
    if (!s.launches)
      return 0;
    *launch = s.lastLaunch;
    return 1;
  });
}

FAKE_EXPORT int64_t fakeHipLaunchCount(void) {
  return Inspect([](fake_hip::State &s) { return s.launches; });
}

FAKE_EXPORT uint32_t fakeHipLastLoadFlags(void) {
  return Inspect([](fake_hip::State &s) { return s.lastLoadFlags; });
}

FAKE_EXPORT int fakeHipLastLoadDevice(void) {
  return Inspect([](fake_hip::State &s) { return s.lastLoadDevice; });
}

#define FAKE_HIP_COUNT(function, member)                                       \
  FAKE_EXPORT int64_t function(void) {                                         \
    return Inspect([](fake_hip::State &s) {                                    \
      return static_cast<int64_t>(s.member.size());                            \
    });                                                                        \
  }
FAKE_HIP_COUNT(fakeHipLiveModules, modules)
FAKE_HIP_COUNT(fakeHipLiveStreams, streams)
FAKE_HIP_COUNT(fakeHipLiveEvents, events)
FAKE_HIP_COUNT(fakeHipLiveAllocations, allocations)
FAKE_HIP_COUNT(fakeHipLiveRegistrations, registrations)
#undef FAKE_HIP_COUNT

FAKE_EXPORT int fakeHipCurrentDevice(void) { return fake_hip::currentDevice; }
