//===- jacobi_main.cc - Host of jacobi.mlir -------------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Runs the Jacobi iterations on the device, launched from a loop that carries
// an async token, and on the CPU, and compares.
//
//===----------------------------------------------------------------------===//

#include "examples/support/example.h"

#include <cstdio>
#include <vector>

using namespace offload::examples;

extern "C" void _mlir_ciface_jacobi(MemRef<float, 1> *x, MemRef<float, 1> *f,
                                    float h2, int64_t iterations);

namespace {

/// One sweep: out[i] = (x[i-1] + x[i+1] + h^2 f[i]) / 2, zero outside.
void Sweep(const float *x, const float *f, float *out, float h2, uint64_t n) {
  for (uint64_t i = 0; i < n; ++i) {
    float left = i == 0 ? 0.0f : x[i - 1];
    float right = i + 1 == n ? 0.0f : x[i + 1];
    out[i] = (left + right + h2 * f[i]) * 0.5f;
  }
}

} // namespace

int main() {
  const size_t n = 4096;
  const int64_t iterations = 500;
  // h^2 f = 1: each pair of sweeps moves the interior by 1, so a lost or
  // extra iteration shows, and far from converged the values stay large.
  const float h2 = 1.0f;
  std::vector<float> x(n, 0.0f), f(n, 1.0f);

  std::vector<float> want(x), scratch(n);
  for (int64_t it = 0; it < iterations; ++it) {
    Sweep(want.data(), f.data(), scratch.data(), h2, n);
    Sweep(scratch.data(), f.data(), want.data(), h2, n);
  }

  MemRef<float, 1> mx = MemRefOf(x), mf = MemRefOf(f);
  _mlir_ciface_jacobi(&mx, &mf, h2, iterations);
  // The kernel may contract a * b + c into one FMA where this loop rounds
  // twice.
  return Compare("jacobi", x, want, 1e-5f);
}
