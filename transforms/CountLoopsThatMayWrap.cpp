//===- CountLoopsThatMayWrap.cpp - Loops that run lb <= i < ub only -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "transforms/CountedLoops.h"
#include "transforms/Passes.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADCOUNTLOOPSTHATMAYWRAP
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

namespace {
struct CountLoopsThatMayWrapPass
    : public offload::impl::OffloadCountLoopsThatMayWrapBase<
          CountLoopsThatMayWrapPass> {
  void runOnOperation() override {
    offload::countLoopsThatMayWrap(getOperation());
  }
};
} // namespace
