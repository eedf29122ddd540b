//===- fake_hip_state.h - What the test HIP runtime keeps -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The devices, handles, memory, call counts and injected failures of the
// test HIP runtime (fake_hip_control.h), behind one lock that every entry
// point takes through Enter().
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTING_FAKE_HIP_STATE_H
#define OFFLOAD_RUNTIME_TESTING_FAKE_HIP_STATE_H

#include "offload_runtime/hip/hip_api.h"
#include "offload_runtime/testing/fake_driver.h"
#include "offload_runtime/testing/fake_hip_code_object.h"
#include "offload_runtime/testing/fake_hip_control.h"

#include "object_format/amdgpu/AmdgpuChips.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <vector>

namespace fake_hip {

using mgpu::hip::hipError_t;

struct Device {
  /// As FAKE_HIP_DEVICES writes it, and hipDeviceProp_t gives it back.
  std::string text;
  /// Its chip is null for a chip that the table does not know.
  object_format::AmdgpuTargetId id;
};

struct Module;

struct Function {
  Module *module;
  std::string name;
};

struct Module {
  int device;
  CodeObject object;
  std::map<std::string, std::unique_ptr<Function>> kernels;
};

struct State {
  std::mutex mutex;
  bool started = false;
  bool exiting = false;
  std::vector<Device> devices;
  mgpu::testing::CallLedger calls;
  /// Live handles; streams and allocations with their device.
  mgpu::testing::Handles<int> streams;
  mgpu::testing::Handles<> events;
  mgpu::testing::ModuleTable<Module, Function> modules;
  /// Device memory and managed memory (host memory here), and registered
  /// host memory: start -> bytes.
  std::map<char *, size_t> allocations, registrations;
  FakeHipLaunch lastLaunch = {};
  int64_t launches = 0;
  uint32_t lastLoadFlags = 0;
  int lastLoadDevice = -1;
};

State &state();

/// The calling thread's current device (hipSetDevice).
extern thread_local int currentDevice;

/// Takes the lock, counts the call of `name`, starts the runtime at the
/// first call (as HIP does), and applies an injected failure; every entry
/// point starts here.
hipError_t Enter(const char *name, std::unique_lock<std::mutex> &lock);

/// A HIP runtime is C: where the test runtime's own allocations fail, it
/// answers hipErrorOutOfMemory, as a runtime out of host memory does, and no
/// exception leaves it.
template <typename Body> hipError_t NoThrow(Body &&body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return mgpu::hip::hipErrorOutOfMemory;
  } catch (...) {
    return mgpu::hip::hipErrorUnknown;
  }
}

} // namespace fake_hip

/// The start of an entry point's body: Enter(), then `s`, the state.
#define FAKE_HIP_ENTER(name)                                                   \
  std::unique_lock<std::mutex> lock;                                           \
  if (::fake_hip::hipError_t result = ::fake_hip::Enter(name, lock);           \
      result != ::mgpu::hip::hipSuccess)                                       \
    return result;                                                             \
  ::fake_hip::State &s = ::fake_hip::state();                                  \
  (void)s;

#endif // OFFLOAD_RUNTIME_TESTING_FAKE_HIP_STATE_H
