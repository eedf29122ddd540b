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

/// One CUDA toolkit, which a compile takes all its files from.
class Toolkit {
public:
  Toolkit(std::string root, std::string origin)
      : root(std::move(root)), origin(std::move(origin)) {}

  /// `<root>/<relativePath>` if it is a file, else an error that says the
  /// toolkit lacks it.
  llvm::Expected<std::string> find(llvm::StringRef relativePath) const;
  bool has(llvm::StringRef relativePath) const;

  llvm::StringRef getRoot() const { return root; }
  /// Why it was searched ("the toolkit option", "$CUDA_ROOT", ...).
  llvm::StringRef getOrigin() const { return origin; }

private:
  std::string root;
  std::string origin;
};

/// Where a CUDA toolkit may be, in the order it is searched.
class ToolkitSearchPath {
public:
  /// With an explicit toolkit (the `toolkit` option of gpu-module-to-binary)
  /// only that directory is searched: a user who names one must get it.
  /// Otherwise build_defs/cuda_toolkit.bzl's order: $CUDA_ROOT, $CUDA_HOME,
  /// $CUDA_PATH, then /usr/local/cuda, as upstream and the build search.
  static ToolkitSearchPath get(llvm::StringRef explicitRoot);

  /// What a compile needs of a toolkit: one of `files`, for `why`.
  struct Need {
    llvm::ArrayRef<llvm::StringRef> files;
    std::string why;
  };
  using Needs = llvm::ArrayRef<Need>;

  /// The first toolkit that holds what `needs` names, as the build's
  /// repository rule chooses the first that has what the build needs:
  /// every file of a compile comes from one toolkit, never ptxas from one
  /// and nvJitLink or libdevice from another. Else an error that says what
  /// each place lacks.
  llvm::Expected<Toolkit> choose(Needs needs) const;

  llvm::ArrayRef<Toolkit> getCandidates() const { return candidates; }

private:
  llvm::SmallVector<Toolkit> candidates;
};

/// Paths of the toolkit files, relative to its root.
inline constexpr llvm::StringLiteral kPtxasPath = "bin/ptxas";
inline constexpr llvm::StringLiteral kFatbinaryPath = "bin/fatbinary";
inline constexpr llvm::StringLiteral kNvJitLinkPath = "lib64/libnvJitLink.so";
inline constexpr llvm::StringLiteral kLibdevicePath =
    "nvvm/libdevice/libdevice.10.bc";

} // namespace mlir::offload::cuda

#endif // OFFLOAD_TARGET_CUDA_CUDATOOLKIT_H
