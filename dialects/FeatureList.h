//===- FeatureList.h - LLVM target feature lists in attributes --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_FEATURELIST_H
#define OFFLOAD_DIALECTS_FEATURELIST_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::offload {

/// The entries of `features`, a comma-separated list of LLVM target features
/// ("+avx2,-avx512f"; none if empty), or one error through `emitError` at
/// the first entry that is not '+name' or '-name', its message showing
/// `example` as a good list.
FailureOr<SmallVector<llvm::StringRef>>
splitFeatureList(function_ref<InFlightDiagnostic()> emitError,
                 llvm::StringRef features, llvm::StringRef example);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_FEATURELIST_H
