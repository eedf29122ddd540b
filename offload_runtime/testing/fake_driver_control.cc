//===- fake_driver_control.cc - Steering a loaded test driver -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_driver_control.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

namespace mgpu::testing {

FakeDriverControl::FakeDriverControl(const char *variable, const char *prefix)
    : variable(variable), prefix(prefix) {
  const char *path = std::getenv(variable);
  library = path ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : nullptr;
  Bind("CallCount", callCount);
  Bind("ResetCallCounts", resetCallCounts);
  Bind("FailCall", failCallFn);
  Bind("LiveStreams", liveStreamsFn);
}

void *FakeDriverControl::Resolve(const char *name) const {
  void *symbol = library ? dlsym(library, name) : nullptr;
  if (!symbol) {
    std::fprintf(stderr, "%s: cannot resolve %s in $%s\n", prefix.c_str(), name,
                 variable);
    std::abort();
  }
  return symbol;
}

} // namespace mgpu::testing
