//===- fake_hip.cc - Test helpers around the test HIP runtime -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_hip.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

namespace mgpu::testing {
FakeHip::FakeHip() : FakeLaunchControl("MGPU_HIP_RUNTIME", "fakeHip") {
  Bind("LaunchCount", launchCount);
  Bind("LastLoadFlags", loadFlags);
  Bind("LastLoadDevice", loadDevice);
  Bind("LiveModules", liveModulesFn);
  Bind("LiveEvents", liveEventsFn);
  Bind("LiveAllocations", liveAllocationsFn);
  Bind("LiveRegistrations", liveRegistrationsFn);
  Bind("CurrentDevice", currentDeviceFn);
}

std::string ReadTestFile(const char *path) {
  std::ifstream file(path ? path : "", std::ios::binary);
  if (!file) {
    std::fprintf(stderr, "fake_hip: cannot read %s\n", path ? path : "(null)");
    std::abort();
  }
  return std::string(std::istreambuf_iterator<char>(file), {});
}

} // namespace mgpu::testing
