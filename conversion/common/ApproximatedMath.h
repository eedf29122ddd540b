//===- ApproximatedMath.h - Math that math-to-llvm approximates -*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Upstream's math-to-llvm lowers `math.expm1` as `exp(x) - 1` and
// `math.log1p` as `log(1 + x)`: for a small x, 1 + x rounds to 1 and every
// digit is lost (log1p(1e-10) is 0). Where such code runs on the CPU, libm
// computes them instead.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_COMMON_APPROXIMATEDMATH_H
#define OFFLOAD_CONVERSION_COMMON_APPROXIMATEDMATH_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace mlir::offload {

/// Whether upstream's math-to-llvm would compute `op` through other
/// functions, losing precision.
bool isApproximatedByMathToLLVM(Operation *op);

/// Each such op under `root`, but those in gpu.modules, as its libm call
/// (upstream's math-to-libm).
LogicalResult callLibmForApproximatedMath(Operation *root);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_COMMON_APPROXIMATEDMATH_H
