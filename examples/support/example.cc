//===- example.cc - What the examples' host programs share ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "examples/support/example.h"

#include "object_format/amdgpu/AmdgpuChips.h"
#include "offload_runtime/testing/fake_cuda_control.h"
#include "offload_runtime/testing/fake_hip_control.h"

#include <dlfcn.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace offload::examples {
namespace {

/// The control function `name` of the test library that `variable` names
/// (the test CUDA driver, the test HIP runtime), or null for a real one. The
/// path is the one libmgpu loads, so this is the same instance.
void *TestLibraryFunction(const char *variable, const char *name) {
  const char *path = std::getenv(variable);
  if (!path || !*path)
    return nullptr;
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  return library ? dlsym(library, name) : nullptr;
}

void *TestDriverFunction(const char *name) {
  return TestLibraryFunction("MGPU_CUDA_DRIVER", name);
}

void *TestHipRuntimeFunction(const char *name) {
  return TestLibraryFunction("MGPU_HIP_RUNTIME", name);
}

} // namespace

bool OnTestDriver() {
  return TestDriverFunction("fakeCudaLastImageArch") != nullptr ||
         TestHipRuntimeFunction("fakeHipLastLoadFlags") != nullptr;
}

int LastLoadedArch() {
  auto arch = reinterpret_cast<decltype(&fakeCudaLastImageArch)>(
      TestDriverFunction("fakeCudaLastImageArch"));
  return arch ? arch() : 0;
}

std::string LastLoadedAmdgpuObject() {
  auto flags = reinterpret_cast<decltype(&fakeHipLastLoadFlags)>(
      TestHipRuntimeFunction("fakeHipLastLoadFlags"));
  return flags && flags() ? object_format::describeAmdgpuFlags(flags()) : "";
}

int Compare(const char *name, const std::vector<float> &got,
            const std::vector<float> &want, float tolerance) {
  if (got.size() != want.size()) {
    std::printf("%s: FAILED: %zu results, expected %zu\n", name, got.size(),
                want.size());
    return 1;
  }
  size_t mismatches = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    float scale = std::fmax(1.0f, std::fabs(want[i]));
    if (std::fabs(got[i] - want[i]) <= tolerance * scale)
      continue;
    if (++mismatches <= 5)
      std::printf("%s: [%zu] = %.9g, expected %.9g\n", name, i, got[i],
                  want[i]);
  }
  if (mismatches) {
    std::printf("%s: FAILED: %zu of %zu differ from the CPU reference\n", name,
                mismatches, got.size());
    return 1;
  }
  std::printf("%s: %zu results match the CPU reference\n", name, got.size());
  return 0;
}

} // namespace offload::examples
