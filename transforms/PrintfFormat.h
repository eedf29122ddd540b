//===- PrintfFormat.h - gpu.printf's format and arguments -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSFORMS_PRINTFFORMAT_H
#define OFFLOAD_TRANSFORMS_PRINTFFORMAT_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Checks gpu.printf's format against its arguments as the C library's
/// printf (the host target) and CUDA's vprintf read them once
/// promotePrintfArguments has run: one argument per conversion and `*`, of
/// the kind and size that the conversion and its length modifier read.
/// `%n` (which writes memory), `%s` (gpu.printf passes numbers only), `L`
/// (vprintf has no long double) and floats other than f16, bf16, f32 and
/// f64 are errors, as is a conversion with no argument or one that C does
/// not know; with `warnLeftOver`, an argument left over is a warning. Each
/// problem is one diagnostic at the op.
LogicalResult verifyPrintfFormat(gpu::PrintfOp op, bool warnLeftOver = true);

/// verifyPrintfFormat on every gpu.printf under `root`, up to the first
/// that is wrong.
LogicalResult verifyPrintfFormats(Operation *root, bool warnLeftOver = true);

/// Gives every gpu.printf under `root` the arguments that printf and
/// vprintf read: C's promotions of variadic arguments (integers of fewer
/// than 32 bits to i32, sign-extended but for i1; f16, bf16 and f32 to f64),
/// and index as i64 whatever its width on the target, so that a format
/// means the same on every target. convert-gpu-to-nvvm packs the arguments
/// for vprintf as they come, without C's promotions. Returns the number of
/// arguments promoted.
unsigned promotePrintfArguments(Operation *root);

} // namespace mlir::offload

#endif // OFFLOAD_TRANSFORMS_PRINTFFORMAT_H
