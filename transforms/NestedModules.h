//===- NestedModules.h - Nested modules that hold no code -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSFORMS_NESTEDMODULES_H
#define OFFLOAD_TRANSFORMS_NESTEDMODULES_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::offload {

/// Whether `module`, nested in the one a pipeline runs on, holds no code:
/// nothing, or only a transform-dialect schedule (what
/// `transform-interpreter` ran before the pipeline, as MLIR's own GPU
/// programs carry theirs), which the pipelines leave as it is and the
/// translation to LLVM IR rightly drops.
bool holdsNoCode(ModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_TRANSFORMS_NESTEDMODULES_H
