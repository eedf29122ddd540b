//===- TargetAttrChecks.h - What target attributes check alike --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The checks and readings that several targets' attributes share, so that
// the same mistake gets the same words from every target.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_TARGETATTRCHECKS_H
#define OFFLOAD_DIALECTS_TARGETATTRCHECKS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

namespace mlir::offload {

/// Fails unless `optLevel` is an LLVM optimization level, 0 to 3.
LogicalResult verifyOptLevel(function_ref<InFlightDiagnostic()> emitError,
                             int optLevel);

/// Fails unless `array`, if present, holds strings only; `what` names it.
LogicalResult verifyStringArray(function_ref<InFlightDiagnostic()> emitError,
                                ArrayAttr array, StringRef what);

/// Whether `flags` sets `flag`: by its name alone (`{fast}`) or `= true`.
bool isFlagSet(DictionaryAttr flags, StringRef flag);

/// Whether `op`, in a gpu.module, is a kernel.
bool isKernel(Operation *op);

/// The runtime finds a kernel by its name as a C string, which ends at the
/// first NUL: two kernels would share the part before it. Fails at the
/// first kernel of `module` whose name holds one; `target` names the
/// attribute, `why` says what else cannot take the name.
LogicalResult verifyKernelNamesWithoutNul(Operation *module, StringRef target,
                                          StringRef why);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_TARGETATTRCHECKS_H
