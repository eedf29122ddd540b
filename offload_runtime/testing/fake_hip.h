//===- fake_hip.h - Test helpers around the test HIP runtime ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTING_FAKE_HIP_H
#define OFFLOAD_RUNTIME_TESTING_FAKE_HIP_H

#include "offload_runtime/testing/fake_driver_control.h"
#include "offload_runtime/testing/fake_hip_control.h"

#include <cstdint>
#include <string>

namespace mgpu::testing {

/// The control functions of the test HIP runtime named by $MGPU_HIP_RUNTIME,
/// the same instance that libmgpu.so uses.
class FakeHip : public FakeLaunchControl<FakeHipLaunch> {
public:
  FakeHip();
  int64_t launches() const { return launchCount(); }
  uint32_t lastLoadFlags() const { return loadFlags(); }
  int lastLoadDevice() const { return loadDevice(); }
  int64_t liveModules() const { return liveModulesFn(); }
  int64_t liveEvents() const { return liveEventsFn(); }
  int64_t liveAllocations() const { return liveAllocationsFn(); }
  int64_t liveRegistrations() const { return liveRegistrationsFn(); }
  int currentDevice() const { return currentDeviceFn(); }

private:
  decltype(&fakeHipLaunchCount) launchCount;
  decltype(&fakeHipLastLoadFlags) loadFlags;
  decltype(&fakeHipLastLoadDevice) loadDevice;
  decltype(&fakeHipLiveModules) liveModulesFn;
  decltype(&fakeHipLiveEvents) liveEventsFn;
  decltype(&fakeHipLiveAllocations) liveAllocationsFn;
  decltype(&fakeHipLiveRegistrations) liveRegistrationsFn;
  decltype(&fakeHipCurrentDevice) currentDeviceFn;
};

/// The bytes of the file at `path` (a test's code object); aborts if it
/// cannot be read.
std::string ReadTestFile(const char *path);

} // namespace mgpu::testing

#endif // OFFLOAD_RUNTIME_TESTING_FAKE_HIP_H
