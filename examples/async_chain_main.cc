//===- async_chain_main.cc - Host of async_chain.mlir ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// y = (a * x)^2 through a memset, two copies and two launches on one stream.
//
//===----------------------------------------------------------------------===//

#include "examples/support/example.h"

#include <cstdio>
#include <vector>

using namespace offload::examples;

extern "C" void _mlir_ciface_axpy_squared(float a, MemRef<float, 1> *x,
                                          MemRef<float, 1> *y);

int main() {
  const size_t n = 100000;
  const float a = 1.5f;
  // y starts as garbage: only the memset makes the result right.
  std::vector<float> x(n), y(n, 7.0f), want(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i % 101) - 50.0f;
    float ax = a * x[i] + 0.0f;
    want[i] = ax * ax;
  }
  MemRef<float, 1> mx = MemRefOf(x), my = MemRefOf(y);
  _mlir_ciface_axpy_squared(a, &mx, &my);
  return Compare("async_chain", y, want);
}
