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
/// promotePrintfArguments has run: one argument per conversion and `*`.
/// `%n` (which writes memory), `%s` (gpu.printf passes numbers only), `L`
/// (vprintf has no long double), an argument that printf cannot be passed
/// (a float other than f16, bf16, f32 and f64, an integer of more than 64
/// bits) are errors, as is a conversion with no argument or one that C does
/// not know. With `warn`, an argument of another kind or size than its
/// conversion reads (`%d` of an index, as clang's -Wformat says) is a
/// warning, which says what is printed (promotePrintfArguments passes what
/// the conversion reads), and so is an argument left over. Each problem is
/// one diagnostic at the op.
LogicalResult verifyPrintfFormat(gpu::PrintfOp op, bool warn = true);

/// verifyPrintfFormat on every gpu.printf under `root`, up to the first
/// that is wrong.
LogicalResult verifyPrintfFormats(Operation *root, bool warn = true);

/// Gives every gpu.printf under `root` the arguments that printf and
/// vprintf read: C's promotions of variadic arguments (integers of fewer
/// than 32 bits to i32, sign-extended but for i1; f16, bf16 and f32 to f64),
/// and index as i64 whatever its width on the target, so that a format
/// means the same on every target. An argument of another kind or size
/// than its conversion reads becomes what a GPU's printf reads of it: the
/// low bits of a wider integer (or of a double's bits), a narrower integer
/// sign-extended, an integer's bits as a double; so every target prints
/// the same, and the arguments after it stay where their conversions read
/// them. convert-gpu-to-nvvm packs the arguments for vprintf as they come,
/// without C's promotions. Returns the number of arguments changed.
unsigned promotePrintfArguments(Operation *root);

} // namespace mlir::offload

#endif // OFFLOAD_TRANSFORMS_PRINTFFORMAT_H
