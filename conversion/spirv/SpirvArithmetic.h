//===- SpirvArithmetic.h - arith and math as C computes them ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where SPIR-V's instructions (as Vulkan defines them) or upstream's lowering
// of them differ from what arith and math mean, which is C's semantics and
// what the host and CUDA targets compute: a remainder's sign at INT_MIN,
// pow's and fmod's special cases, and instructions of the Kernel capability
// only.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_SPIRVARITHMETIC_H
#define OFFLOAD_CONVERSION_SPIRV_SPIRVARITHMETIC_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
class SPIRVTypeConverter;
} // namespace mlir

namespace mlir::offload {

/// Replaces each arith.remf of `module` by C's fmod, exactly: the dividend's
/// magnitude reduced by the divisor's times powers of two, largest first,
/// each subtraction exact, in two loops of at most the exponent range's
/// length (OpFRem is x - y * trunc(x / y), which rounds, gives NaN for an
/// infinite divisor and +0 for -0).
void expandFloatRemainders(gpu::GPUModuleOp module);

/// Patterns, of a higher benefit than upstream's, for arith.remsi (the
/// dividend's sign, INT_MIN's too: upstream's takes INT_MIN for positive),
/// math.powf (every special case of C's pow: GLSL's Pow is undefined for
/// x <= 0) and math.isfinite (OpIsFinite is the Kernel capability's).
void populateSpirvArithmeticPatterns(const SPIRVTypeConverter &types,
                                     RewritePatternSet &patterns);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRV_SPIRVARITHMETIC_H
