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
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace mlir::offload {

/// The entries of `features`, a comma-separated list of LLVM target features
/// ("+avx2,-avx512f"; none if empty), or one error through `emitError` at
/// the first entry that is not '+name' or '-name', its message showing
/// `example` as a good list.
FailureOr<SmallVector<llvm::StringRef>>
splitFeatureList(function_ref<InFlightDiagnostic()> emitError,
                 llvm::StringRef features, llvm::StringRef example);

/// The entry of `table` (LLVM's CPU or feature table: entries with a `Key`)
/// whose key is closest to `name`, if one is close enough to be what was
/// meant. Of keys as close, one of `name`'s length wins: a mistyped
/// character is likelier than a missing one ('sve3' is 'sve2' rather than
/// 'sve').
template <typename Entry>
std::optional<llvm::StringRef> findClosestKey(llvm::StringRef name,
                                              llvm::ArrayRef<Entry> table) {
  unsigned allowed = std::max<size_t>(1, name.size() / 3);
  std::optional<llvm::StringRef> closest;
  std::pair<unsigned, size_t> best{allowed + 1, 0};
  for (const Entry &entry : table) {
    llvm::StringRef key(entry.Key);
    unsigned distance = name.edit_distance(key, /*AllowReplacements=*/true,
                                           /*MaxEditDistance=*/allowed);
    size_t lengths =
        std::max(key.size(), name.size()) - std::min(key.size(), name.size());
    if (std::make_pair(distance, lengths) < best) {
      best = {distance, lengths};
      closest = key;
    }
  }
  return closest;
}

/// Adds "; did you mean 'x'?" to `diag` when `table` has a close key.
template <typename Entry>
InFlightDiagnostic &suggestClosestKey(InFlightDiagnostic &diag,
                                      llvm::StringRef name,
                                      llvm::ArrayRef<Entry> table) {
  if (std::optional<llvm::StringRef> closest = findClosestKey(name, table))
    diag << "; did you mean '" << *closest << "'?";
  return diag;
}

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_FEATURELIST_H
