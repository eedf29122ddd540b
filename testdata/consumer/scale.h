// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The host function of scale.mlir, as llvm.emit_c_interface exposes it.
#ifndef CONSUMER_SCALE_H
#define CONSUMER_SCALE_H

#include <cstdint>

struct MemRef1D {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

// y = alpha * x.
extern "C" void _mlir_ciface_scale(float alpha, MemRef1D *x, MemRef1D *y);

#endif // CONSUMER_SCALE_H
