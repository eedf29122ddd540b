//===- Passes.h - Passes of the offload pipelines ---------------*- C++ -*-===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_PIPELINES_PASSES_H
#define OFFLOAD_PIPELINES_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::offload {

#define GEN_PASS_DECL
#include "pipelines/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "pipelines/Passes.h.inc"

} // namespace mlir::offload

#endif // OFFLOAD_PIPELINES_PASSES_H
