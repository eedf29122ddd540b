//===- parallel_loops_main.cc - Host of parallel_loops.mlir ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// y = a x + y over a 2-D array in managed memory, from an scf.parallel loop
// that the pipeline turned into a kernel.
//
//===----------------------------------------------------------------------===//

#include "examples/support/example.h"
#include "mgpu/mgpu.h"

#include <cstdio>
#include <vector>

using namespace offload::examples;

extern "C" void _mlir_ciface_saxpy_2d(float a, MemRef<float, 2> *x,
                                      MemRef<float, 2> *y);

namespace {

/// A rows x cols row-major array in managed memory.
MemRef<float, 2> Managed(int64_t rows, int64_t cols) {
  auto *data = static_cast<float *>(
      mgpuMemAlloc(rows * cols * sizeof(float), nullptr, /*hostShared=*/true));
  return {data, data, 0, {rows, cols}, {cols, 1}};
}

} // namespace

int main() {
  const int64_t rows = 300, cols = 517;
  const float a = 0.25f;
  MemRef<float, 2> x = Managed(rows, cols), y = Managed(rows, cols);
  std::vector<float> want(rows * cols), got(rows * cols);
  for (int64_t k = 0; k < rows * cols; ++k) {
    x.aligned[k] = float(k % 64);
    y.aligned[k] = float(k % 5);
    want[k] = a * x.aligned[k] + y.aligned[k];
  }
  _mlir_ciface_saxpy_2d(a, &x, &y);
  // The launch is synchronous: managed memory is up to date on the host.
  got.assign(y.aligned, y.aligned + rows * cols);
  mgpuMemFree(x.allocated, nullptr);
  mgpuMemFree(y.allocated, nullptr);
  return Compare("parallel_loops", got, want);
}
