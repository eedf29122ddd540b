//===- NestedModules.cpp - Nested modules that hold no code ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "pipelines/NestedModules.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

bool mlir::offload::holdsNoCode(ModuleOp module) {
  return llvm::all_of(module.getOps(), [](Operation &op) {
    if (auto nested = dyn_cast<ModuleOp>(op))
      return holdsNoCode(nested);
    Dialect *dialect = op.getDialect();
    return dialect && dialect->getNamespace() == "transform";
  });
}
