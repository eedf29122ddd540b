//===- CudaToolkit.cpp - Finding the CUDA toolkit -------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/cuda/CudaToolkit.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace mlir::offload::cuda {

/// "$NAME" is an environment variable naming a toolkit root, anything else a
/// root; the list is build_defs/cuda_toolkit.bzl's, shared with the
/// repository rule and the bootstrap script.
static constexpr const char *kSearchOrder[] = {
#include "target/cuda/CudaToolkitSearchOrder.inc"
};

ToolkitSearchPath ToolkitSearchPath::get(StringRef explicitRoot) {
  ToolkitSearchPath path;
  if (!explicitRoot.empty()) {
    path.candidates.push_back({explicitRoot.str(), "the toolkit option"});
    return path;
  }
  for (StringRef entry : kSearchOrder) {
    if (!entry.consume_front("$")) {
      path.candidates.push_back({entry.str(), "the default location"});
      continue;
    }
    std::optional<std::string> value = sys::Process::GetEnv(entry);
    if (value && !value->empty())
      path.candidates.push_back({*value, ("$" + entry).str()});
  }
  return path;
}

Expected<std::string> ToolkitSearchPath::find(StringRef relativePath) const {
  std::string searched;
  raw_string_ostream os(searched);
  for (const Candidate &candidate : candidates) {
    SmallString<256> file(candidate.root);
    sys::path::append(file, relativePath);
    if (sys::fs::exists(file) && !sys::fs::is_directory(file))
      return std::string(file);
    os << "\n  " << file << " (" << candidate.origin << ")";
  }
  SmallVector<StringRef> variables;
  for (StringRef entry : kSearchOrder)
    if (entry.starts_with("$"))
      variables.push_back(entry);
  os << "\nInstall the CUDA toolkit, or name it with the toolkit option of "
        "gpu-module-to-binary or "
     << join(variables, ", ") << ".";
  return createStringError(inconvertibleErrorCode(),
                           "cannot find the CUDA toolkit's %s; looked in:%s",
                           relativePath.str().c_str(), searched.c_str());
}

} // namespace mlir::offload::cuda
