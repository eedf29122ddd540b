//===- SpirvControlFlow.h - Structured control flow for Vulkan --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A Vulkan shader's control flow is structured (merge and continue blocks),
// and upstream's SPIR-V conversion makes it from scf only: cf branches
// become plain branches, which drivers refuse.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_SPIRVCONTROLFLOW_H
#define OFFLOAD_CONVERSION_SPIRV_SPIRVCONTROLFLOW_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Lifts the cf branches of each function of `module` to scf (upstream's
/// lift-cf-to-scf transformation, for gpu.func too), or one error at the
/// function when they cannot be.
LogicalResult liftControlFlowToScf(gpu::GPUModuleOp module);

/// Puts each scf.for of `module` that has results in an scf.if that yields
/// its initial values when it runs no iteration: upstream's lowering (LLVM
/// 22) yields them through variables that only an iteration stores to.
void guardZeroTripLoops(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRV_SPIRVCONTROLFLOW_H
