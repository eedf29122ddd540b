//===- MmaElementwise.h - Warp-matrix elementwise ops for NVVM --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MLIR 22's conversion of gpu.subgroup_mma_elementwise to NVVM takes addf,
// mulf, divf, maxf and minf, and crashes on any other kind. subf and negatef
// become what it takes; the rest is an error at the op.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_NVVM_MMAELEMENTWISE_H
#define OFFLOAD_CONVERSION_NVVM_MMAELEMENTWISE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Rewrites each `gpu.subgroup_mma_elementwise` of `module` that upstream's
/// NVVM conversion does not take: `subf a, b` as `addf a, (mulf b, -1)` and
/// `negatef a` as `mulf a, -1` (both exact: multiplying by -1 only flips
/// the sign, but for a NaN's, which a GPU's multiplication may make its
/// canonical NaN); fails, with one error at the op, on the integer kinds and
/// `extf`, which it has no lowering for.
LogicalResult expandMmaElementwiseForNvvm(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_NVVM_MMAELEMENTWISE_H
