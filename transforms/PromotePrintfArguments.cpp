//===- PromotePrintfArguments.cpp - gpu.printf's arguments for vprintf ----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "transforms/PrintfFormat.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-promote-printf-arguments"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADPROMOTEPRINTFARGUMENTS
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

namespace {
struct PromotePrintfArgumentsPass
    : public offload::impl::OffloadPromotePrintfArgumentsBase<
          PromotePrintfArgumentsPass> {
  void runOnOperation() override {
    unsigned promoted = offload::promotePrintfArguments(getOperation());
    LLVM_DEBUG(llvm::dbgs() << "promoted " << promoted
                            << " gpu.printf arguments in gpu.module @"
                            << getOperation().getName() << "\n");
  }
};
} // namespace
