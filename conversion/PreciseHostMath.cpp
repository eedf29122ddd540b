//===- PreciseHostMath.cpp - libm for the host's approximated math --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/Passes.h"

#include "conversion/common/ApproximatedMath.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADPRECISEHOSTMATH
#include "conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

namespace {

struct PreciseHostMath
    : offload::impl::OffloadPreciseHostMathBase<PreciseHostMath> {
  void runOnOperation() override {
    if (failed(offload::callLibmForApproximatedMath(getOperation())))
      signalPassFailure();
  }
};

} // namespace
