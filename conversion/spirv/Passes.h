//===- Passes.h - Passes of the SPIR-V lowering -----------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_PASSES_H
#define OFFLOAD_CONVERSION_SPIRV_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"

namespace mlir::offload {

#define GEN_PASS_DECL
#include "conversion/spirv/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "conversion/spirv/Passes.h.inc"

/// Attaches the SPIR-V lowering (offload-lower-gpu-to-spirv) to
/// #offload.vulkan.
void registerSpirvKernelLowering(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRV_PASSES_H
