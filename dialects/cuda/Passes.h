//===- Passes.h - Passes of the CUDA target ---------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_CUDA_PASSES_H
#define OFFLOAD_DIALECTS_CUDA_PASSES_H

#include "dialects/cuda/CudaTargetAttr.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::offload {

#define GEN_PASS_DECL
#include "dialects/cuda/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dialects/cuda/Passes.h.inc"

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_CUDA_PASSES_H
