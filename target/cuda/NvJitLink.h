//===- NvJitLink.h - PTX to cubin in process --------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The CUDA toolkit's libnvJitLink, loaded with dlopen when first needed, so
// that the tools start (and fall back to ptxas) where it is missing. It
// assembles PTX as ptxas does, without a process, a file or a wait.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_CUDA_NVJITLINK_H
#define OFFLOAD_TARGET_CUDA_NVJITLINK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace mlir::offload::cuda {

class NvJitLink {
public:
  /// The library at `path`, loaded once per process; an error says why it
  /// cannot be used (missing, or not nvJitLink). Waits for a load that
  /// startLoading() began.
  static llvm::Expected<const NvJitLink *> load(llvm::StringRef path);

  /// Begins loading the library at `path` on a thread of its own, unless it
  /// is loaded or loading: the dlopen of its ~100 MB then overlaps the work
  /// that comes before the first assembly instead of stalling it.
  static void startLoading(llvm::StringRef path);

  /// Returns once a load that startLoading() began is over (finishing it
  /// here if its thread has not begun). A compile that began one calls it
  /// before it returns, failed or not: a process that exits while
  /// nvJitLink's constructors run on another thread dies in them (SIGSEGV
  /// or SIGABRT), however exit() waits for them, and a compile error is
  /// what ends a process early.
  static void finishLoading(llvm::StringRef path);

  /// Its version as CUDA numbers it: 130 for 13.0.
  unsigned getVersion() const { return version; }

  struct Output {
    llvm::SmallVector<char, 0> cubin;
    /// Warnings and, with -Xptxas=-v, statistics.
    std::string infoLog;
  };

  /// Assembles `ptx` (named `name` in messages) for `arch` ("sm_90a") with
  /// ptxas's `ptxasOptions`. The error holds nvJitLink's error log.
  llvm::Expected<Output>
  assemble(llvm::StringRef ptx, llvm::StringRef name, llvm::StringRef arch,
           llvm::ArrayRef<std::string> ptxasOptions) const;

  ~NvJitLink();

private:
  struct Api;
  struct Loading;
  NvJitLink(std::unique_ptr<const Api> api, unsigned version);

  static Loading &getLoading(llvm::StringRef path);
  static void bind(const std::string &path, Loading &loading);

  std::unique_ptr<const Api> api;
  unsigned version;
};

} // namespace mlir::offload::cuda

#endif // OFFLOAD_TARGET_CUDA_NVJITLINK_H
