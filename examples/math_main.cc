//===- math_main.cc - Host of math.mlir -----------------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// y = sqrt(x) * exp(-x) through libdevice's __nv_sqrtf and __nv_expf on a
// GPU, the C library's on the host, checked against the C library in double
// precision within a few ulp.
//
//===----------------------------------------------------------------------===//

#include "examples/support/example.h"

#include <cmath>
#include <cstdio>
#include <vector>

using namespace offload::examples;

extern "C" void _mlir_ciface_sqrt_exp(MemRef<float, 1> *x, MemRef<float, 1> *y);

int main() {
  const size_t n = 65536;
  std::vector<float> x(n), y(n, -1.0f), want(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = 20.0f * float(i) / float(n);
    want[i] = float(std::sqrt(double(x[i])) * std::exp(-double(x[i])));
  }
  MemRef<float, 1> mx = MemRefOf(x), my = MemRefOf(y);
  _mlir_ciface_sqrt_exp(&mx, &my);
  // expf is within 2 ulp (__nv_expf as glibc's), sqrtf exact: 1e-6 relative
  // covers both.
  return Compare("math", y, want, 1e-6f);
}
