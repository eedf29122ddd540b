//===- vector_add_main.cc - Host of vector_add.mlir -----------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Allocates device memory with the mgpu runtime, calls the MLIR function,
// which launches the kernel synchronously, and checks c = a + b.
//
// Also the host of the tests that check which object of a binary a device
// gets: on the test driver, which runs no kernel, EXPECTED_ARCH says which
// object the device in FAKE_CUDA_DEVICES must have been given; on the test
// HIP runtime, EXPECTED_AMDGPU_OBJECT says it for FAKE_HIP_DEVICES.
//
//===----------------------------------------------------------------------===//

#include "examples/support/example.h"
#include "mgpu/mgpu.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace offload::examples;

extern "C" void _mlir_ciface_vector_add(MemRef<float, 1> *a,
                                        MemRef<float, 1> *b,
                                        MemRef<float, 1> *c);

namespace {

/// A device copy of `host`, on the calling thread's stream.
MemRef<float, 1> ToDevice(std::vector<float> &host) {
  size_t bytes = host.size() * sizeof(float);
  auto *device = static_cast<float *>(mgpuMemAlloc(bytes, nullptr, false));
  mgpuMemcpy(device, host.data(), bytes, nullptr);
  return {device, device, 0, {static_cast<int64_t>(host.size())}, {1}};
}

} // namespace

int main(int argc, char **argv) {
  // Not a multiple of the 256 threads per block: the last block is partial.
  size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1000003;

  std::vector<float> a(n), b(n), c(n, -1.0f), want(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = 0.5f * float(i % 1000);
    b[i] = 1.0f / float(1 + i % 7);
    want[i] = a[i] + b[i];
  }
  MemRef<float, 1> da = ToDevice(a), db = ToDevice(b), dc = ToDevice(c);
  _mlir_ciface_vector_add(&da, &db, &dc);
  mgpuMemcpy(c.data(), dc.aligned, n * sizeof(float), nullptr);
  mgpuStreamSynchronize(nullptr);
  for (MemRef<float, 1> *m : {&da, &db, &dc})
    mgpuMemFree(m->allocated, nullptr);

  if (const char *expected = std::getenv("EXPECTED_ARCH")) {
    int loaded = LastLoadedArch();
    if (loaded != std::atoi(expected)) {
      std::printf("vector_add: FAILED: loaded the sm_%d object, expected "
                  "sm_%s\n",
                  loaded, expected);
      return 1;
    }
    std::printf("vector_add: loaded the sm_%d object\n", loaded);
  }
  if (const char *expected = std::getenv("EXPECTED_AMDGPU_OBJECT")) {
    std::string loaded = LastLoadedAmdgpuObject();
    if (loaded != expected) {
      std::printf("vector_add: FAILED: loaded the AMDGPU object '%s', "
                  "expected '%s'\n",
                  loaded.c_str(), expected);
      return 1;
    }
    std::printf("vector_add: loaded the %s object\n", loaded.c_str());
  }
  if (OnTestDriver()) {
    std::printf("vector_add: the test driver runs no kernel; results not "
                "compared\n");
    return 0;
  }
  return Compare("vector_add", c, want);
}
