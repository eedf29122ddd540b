//===- HostExpansions.h - Ops the CPU has no call for -----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The conversion to the LLVM dialect turns math into LLVM intrinsics or
// calls of the C library, and atomics into LLVM's atomicrmw. Some ops have
// neither: no C library has `rsqrtf`, LLVM's powi calls `__powisf2` of a
// compiler's runtime library, which a host object does not link, and no
// upstream pattern takes `math.clampf`, `math.isinf`, `math.isnormal`,
// `math.ipowi` or an atomic multiplication to the LLVM dialect. They are
// expanded first into ops that have one.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_HOSTEXPANSIONS_H
#define OFFLOAD_CONVERSION_HOST_HOSTEXPANSIONS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::offload {

/// Expands, in `module`, the math and atomics that neither LLVM nor the C
/// library has for the CPU: `math.rsqrt` (1 / sqrt), `math.clampf` (as
/// the GPU instruction sets' clamps: max(min(x, hi), lo)), `math.isinf` and
/// `math.isnormal` (comparisons of |x|), `math.ipowi` and `math.fpowi`
/// (multiplications by repeated squaring, in the order compiler-rt's
/// `__powisf2` multiplies), and `memref.atomic_rmw` of `muli` and `mulf` (a
/// compare-and-swap loop, `memref.generic_atomic_rmw`, as on every
/// LLVM-based target: AtomicsToLLVM.h).
LogicalResult expandForHost(gpu::GPUModuleOp module);

/// An op on vectors of `type` (not scalable) element by element: `scalar`
/// makes each element's result from the elements of `operands` there; the
/// result is the vector of them.
Value emitElementwise(OpBuilder &b, Location loc, VectorType type,
                      ValueRange operands,
                      function_ref<Value(OpBuilder &, ValueRange)> scalar);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_HOSTEXPANSIONS_H
