//===- Passes.h - Passes of the ROCDL lowering ------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_ROCDL_PASSES_H
#define OFFLOAD_CONVERSION_ROCDL_PASSES_H

#include "dialects/OffloadDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"

namespace mlir::offload {

#define GEN_PASS_DECL
#include "conversion/rocdl/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "conversion/rocdl/Passes.h.inc"

/// Attaches the ROCDL lowering (offload-lower-gpu-to-rocdl) to #offload.rocm.
void registerRocdlKernelLowering(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_ROCDL_PASSES_H
