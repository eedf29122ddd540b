//===- FeatureList.cpp - LLVM target feature lists in attributes ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/FeatureList.h"

using namespace llvm;

FailureOr<SmallVector<StringRef>>
mlir::offload::splitFeatureList(function_ref<InFlightDiagnostic()> emitError,
                                StringRef features, StringRef example) {
  SmallVector<StringRef> entries;
  if (features.empty())
    return entries;
  features.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  for (StringRef entry : entries) {
    if (entry.size() < 2 || (entry[0] != '+' && entry[0] != '-') ||
        entry.trim() != entry)
      return emitError() << "feature '" << entry
                         << "' is not '+name' or '-name' (features are a "
                            "comma-separated list, for example '"
                         << example << "')";
  }
  return entries;
}
