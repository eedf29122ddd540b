//===- Passes.h - Passes of the host lowering -------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_PASSES_H
#define OFFLOAD_CONVERSION_HOST_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"

namespace mlir::offload {

#define GEN_PASS_DECL
#include "conversion/host/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "conversion/host/Passes.h.inc"

/// Attaches the host lowering (offload-lower-gpu-to-host) to #offload.host.
void registerHostKernelLowering(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_PASSES_H
