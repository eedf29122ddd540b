//===- NarrowFma.h - f16 and bf16 fma rounded once, for NVVM ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MLIR 22's NVVM conversion lowers math.fma of f16 as a call of libdevice's
// __nv_fmaf on operands extended to f32, then truncates: the result is
// rounded twice (to f32, then to f16), and differs from the fused multiply-
// add's (one rounding) where the f32 result lands on an f16 tie. LLVM's own
// fma of f16 and bf16 is one fma.rn.f16 (.bf16) instruction where the chip
// has it, as math.fma means.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_NVVM_NARROWFMA_H
#define OFFLOAD_CONVERSION_NVVM_NARROWFMA_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Rewrites each math.fma of `module` whose elements are f16 or bf16 (a
/// scalar or a vector) as llvm.intr.fma, with its fastmath flags.
void lowerNarrowFmaForNvvm(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_NVVM_NARROWFMA_H
