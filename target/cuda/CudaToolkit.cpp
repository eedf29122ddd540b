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

bool Toolkit::has(StringRef relativePath) const {
  SmallString<256> file(root);
  sys::path::append(file, relativePath);
  return sys::fs::exists(file) && !sys::fs::is_directory(file);
}

Expected<std::string> Toolkit::find(StringRef relativePath) const {
  SmallString<256> file(root);
  sys::path::append(file, relativePath);
  if (has(relativePath))
    return std::string(file);
  return createStringError(
      inconvertibleErrorCode(), "the CUDA toolkit at %s (%s) has no %s",
      root.c_str(), origin.c_str(), relativePath.str().c_str());
}

ToolkitSearchPath ToolkitSearchPath::get(StringRef explicitRoot) {
  ToolkitSearchPath path;
  if (!explicitRoot.empty()) {
    path.candidates.emplace_back(explicitRoot.str(), "the toolkit option");
    return path;
  }
  for (StringRef entry : kSearchOrder) {
    if (!entry.consume_front("$")) {
      path.candidates.emplace_back(entry.str(), "the default location");
      continue;
    }
    std::optional<std::string> value = sys::Process::GetEnv(entry);
    if (value && !value->empty())
      path.candidates.emplace_back(*value, ("$" + entry).str());
  }
  return path;
}

Expected<Toolkit> ToolkitSearchPath::choose(Needs needs) const {
  std::string searched;
  raw_string_ostream os(searched);
  for (const Toolkit &candidate : candidates) {
    SmallVector<std::string> lacks;
    for (const Need &need : needs)
      if (llvm::none_of(need.files,
                        [&](StringRef file) { return candidate.has(file); }))
        lacks.push_back(join(need.files, " or ") + " (" + need.why + ")");
    if (lacks.empty())
      return candidate;
    os << "\n  " << candidate.getRoot() << " (" << candidate.getOrigin()
       << "): no " << join(lacks, ", no ");
  }
  SmallVector<StringRef> variables;
  for (StringRef entry : kSearchOrder)
    if (entry.starts_with("$"))
      variables.push_back(entry);
  os << "\nInstall the CUDA toolkit, or name it with the toolkit option of "
        "gpu-module-to-binary or "
     << join(variables, ", ") << ".";
  return createStringError(inconvertibleErrorCode(),
                           "cannot find a CUDA toolkit with what this compile "
                           "needs; looked in:%s",
                           searched.c_str());
}

} // namespace mlir::offload::cuda
