//===- fake_hip.cc - Test helpers around the test HIP runtime -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_hip.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

namespace mgpu::testing {
namespace {

void *Resolve(void *library, const char *name) {
  void *symbol = library ? dlsym(library, name) : nullptr;
  if (!symbol) {
    std::fprintf(stderr, "fake_hip: cannot resolve %s in $MGPU_HIP_RUNTIME\n",
                 name);
    std::abort();
  }
  return symbol;
}

template <typename T> void Bind(void *library, const char *name, T &slot) {
  slot = reinterpret_cast<T>(Resolve(library, name));
}

} // namespace

FakeHip::FakeHip() {
  const char *path = std::getenv("MGPU_HIP_RUNTIME");
  library = path ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : nullptr;
  Bind(library, "fakeHipCallCount", callCount);
  Bind(library, "fakeHipResetCallCounts", resetCallCounts);
  Bind(library, "fakeHipFailCall", failCallFn);
  Bind(library, "fakeHipLastLaunch", lastLaunchFn);
  Bind(library, "fakeHipLaunchCount", launchCount);
  Bind(library, "fakeHipLastLoadFlags", loadFlags);
  Bind(library, "fakeHipLastLoadDevice", loadDevice);
  Bind(library, "fakeHipLiveModules", liveModulesFn);
  Bind(library, "fakeHipLiveStreams", liveStreamsFn);
  Bind(library, "fakeHipLiveEvents", liveEventsFn);
  Bind(library, "fakeHipLiveAllocations", liveAllocationsFn);
  Bind(library, "fakeHipLiveRegistrations", liveRegistrationsFn);
  Bind(library, "fakeHipCurrentDevice", currentDeviceFn);
}

void *FakeHip::symbol(const char *name) const { return Resolve(library, name); }

FakeHipLaunch FakeHip::lastLaunch() const {
  FakeHipLaunch launch = {};
  lastLaunchFn(&launch);
  return launch;
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
