//===- DebugOptions.cpp - -debug and -debug-only for our tools ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/DebugOptions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"

#include <string>
#include <vector>

namespace {
/// Each occurrence of -debug-only adds its comma-separated types.
struct DebugOnly {
  void operator=(const std::string &value) const {
    if (value.empty())
      return;
    static std::vector<std::string> *types = new std::vector<std::string>;
    llvm::SmallVector<llvm::StringRef> parts;
    llvm::StringRef(value).split(parts, ',', /*MaxSplit=*/-1,
                                 /*KeepEmpty=*/false);
    for (llvm::StringRef part : parts)
      types->push_back(part.str());
    llvm::SmallVector<const char *> names = llvm::map_to_vector(
        *types, [](const std::string &type) { return type.c_str(); });
    llvm::DebugFlag = true;
#ifndef NDEBUG
    // Without NDEBUG only: LLVM_DEBUG, and this function, compile to nothing
    // in optimized builds of our tools.
    llvm::setCurrentDebugTypes(names.data(), names.size());
#endif
  }
};
} // namespace

void mlir::offload::registerDebugOptions() {
  static DebugOnly location;
  static llvm::cl::opt<bool, /*ExternalStorage=*/true> debug(
      "debug", llvm::cl::desc("Print all debug output"),
      llvm::cl::location(llvm::DebugFlag));
  static llvm::cl::opt<DebugOnly, /*ExternalStorage=*/true,
                       llvm::cl::parser<std::string>>
      debugOnly("debug-only",
                llvm::cl::desc("Print the debug output of these types only, "
                               "for example serialize-to-binary"),
                llvm::cl::value_desc("types"), llvm::cl::location(location),
                llvm::cl::ValueRequired);
}
