//===- Passes.h - Conversion passes that every lowering shares --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_PASSES_H
#define OFFLOAD_CONVERSION_PASSES_H

#include "dialects/OffloadDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::offload {

#define GEN_PASS_DECL
#include "conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "conversion/Passes.h.inc"

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_PASSES_H
