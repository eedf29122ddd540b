//===- example.cc - What the examples' host programs share ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "examples/support/example.h"

#include "offload_runtime/testing/fake_cuda_control.h"

#include <dlfcn.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace offload::examples {
namespace {

/// The test driver's control function `name`, or null on a real driver. The
/// path is the one libmgpu loads, so this is the same instance.
void *TestDriverFunction(const char *name) {
  const char *path = std::getenv("MGPU_CUDA_DRIVER");
  if (!path || !*path)
    return nullptr;
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  return library ? dlsym(library, name) : nullptr;
}

} // namespace

bool OnTestDriver() {
  return TestDriverFunction("fakeCudaLastImageArch") != nullptr;
}

int LastLoadedArch() {
  auto arch = reinterpret_cast<decltype(&fakeCudaLastImageArch)>(
      TestDriverFunction("fakeCudaLastImageArch"));
  return arch ? arch() : 0;
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
