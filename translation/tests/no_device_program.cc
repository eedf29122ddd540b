//===- no_device_program.cc - Runs launch_loop.mlir once, or not at all ---===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See loader_no_device_test.sh.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

#include <cstdint>
#include <cstdlib>

extern "C" void launch_many(float *allocated, float *aligned, int64_t offset,
                            int64_t size, int64_t stride, int64_t n);

int main() {
  if (std::getenv("NO_LAUNCH"))
    return 0;
  // The runtime's first call then loads nothing: the device is chosen
  // before the first launch loads the (lazy) binary.
  if (std::getenv("ALLOCATE_FIRST"))
    mgpuMemFree(mgpuMemAlloc(64, nullptr, false), nullptr);
  float data[32] = {};
  launch_many(data, data, 0, 32, 1, 1);
  return 0;
}
