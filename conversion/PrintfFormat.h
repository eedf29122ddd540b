//===- PrintfFormat.h - gpu.printf formats against their arguments -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_PRINTFFORMAT_H
#define OFFLOAD_CONVERSION_PRINTFFORMAT_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Checks gpu.printf's format against its arguments as the C library's
/// printf (the host target) and CUDA's vprintf read them, after C's
/// promotions (integers of up to 32 bits to int, floats to double): one
/// argument per conversion and `*`, of the kind and size that the
/// conversion and its length modifier read. `%n` (which writes memory) and
/// `%s` (gpu.printf passes numbers only) are errors, as is a conversion with
/// no argument or one that C does not know; an argument left over is a
/// warning. Each problem is one diagnostic at the op.
LogicalResult verifyPrintfFormat(gpu::PrintfOp op);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_PRINTFFORMAT_H
