//===- CudaToolkit.h - Finding the CUDA toolkit -----------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_CUDA_CUDATOOLKIT_H
#define OFFLOAD_TARGET_CUDA_CUDATOOLKIT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::offload::cuda {

/// Where a CUDA toolkit may be, in the order it is searched.
class ToolkitSearchPath {
public:
  struct Candidate {
    std::string root;
    /// Why this directory is searched ("the toolkit option", "$CUDA_ROOT",
    /// ...).
    std::string origin;
  };

  /// With an explicit toolkit (the `toolkit` option of gpu-module-to-binary)
  /// only that directory is searched: a user who names one must get it.
  /// Otherwise build_defs/cuda_toolkit.bzl's order: $CUDA_ROOT, $CUDA_HOME,
  /// $CUDA_PATH, then /usr/local/cuda, as upstream and the build search.
  static ToolkitSearchPath get(llvm::StringRef explicitRoot);

  /// The first `<root>/<relativePath>` that exists, else an error that names
  /// every place searched.
  llvm::Expected<std::string> find(llvm::StringRef relativePath) const;

  llvm::ArrayRef<Candidate> getCandidates() const { return candidates; }

private:
  llvm::SmallVector<Candidate> candidates;
};

/// Paths of the toolkit files, relative to its root.
inline constexpr llvm::StringLiteral kPtxasPath = "bin/ptxas";
inline constexpr llvm::StringLiteral kFatbinaryPath = "bin/fatbinary";
inline constexpr llvm::StringLiteral kNvJitLinkPath = "lib64/libnvJitLink.so";
inline constexpr llvm::StringLiteral kLibdevicePath =
    "nvvm/libdevice/libdevice.10.bc";

} // namespace mlir::offload::cuda

#endif // OFFLOAD_TARGET_CUDA_CUDATOOLKIT_H
