//===- DeviceLibraries.h - Finding the ROCm device libraries ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The ROCm device libraries are LLVM bitcode that kernels call into: ocml
// (math, `__ocml_*`) and ockl (work-item queries, atomics and printf through
// hostcall, `__ockl_*`). A module gets a library linked only when it calls
// one of its functions, and every library of a compile comes from one
// directory, the first in one search order that has them all.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_ROCM_DEVICELIBRARIES_H
#define OFFLOAD_TARGET_ROCM_DEVICELIBRARIES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::offload::rocm {

/// A device library, by the prefix of the functions it defines.
struct DeviceLibrary {
  /// "ocml".
  llvm::StringLiteral name;
  /// "ocml.bc", in the bitcode directory.
  llvm::StringLiteral file;
  /// "__ocml_".
  llvm::StringLiteral prefix;
};

/// ocml, then ockl.
llvm::ArrayRef<DeviceLibrary> getDeviceLibraries();

/// A library that a module needs, and the first function it declares that
/// the library defines (for messages).
struct LibraryNeed {
  const DeviceLibrary *library;
  std::string user;
};

/// The libraries whose functions `module` declares without defining, in
/// getDeviceLibraries()'s order.
llvm::SmallVector<LibraryNeed> findNeededLibraries(const llvm::Module &module);

/// Gives each function that `library` defines the target's CPU and features
/// (before its own, as clang does for the bitcode it links as builtins):
/// LLVM compiles a function with a "target-features" attribute for those
/// features alone, which would drop the chip's xnack, sramecc and wave size.
void setTargetAttributes(llvm::Module &library, llvm::StringRef cpu,
                         llvm::StringRef features);

/// One directory that may hold the device libraries.
struct BitcodeDirectory {
  std::string path;
  /// Why it was searched: "the toolkit option", "$ROCM_PATH", "the default
  /// location".
  std::string origin;
};

/// Where the device libraries may be, in the order searched.
class DeviceLibrarySearchPath {
public:
  /// `<toolkit>/amdgcn/bitcode` for the `toolkit` option of
  /// gpu-module-to-binary when it is given, then the same below each root of
  /// build_defs/rocm_device_libs.bzl's order ($ROCM_PATH, /opt/rocm,
  /// Debian's /usr/lib/x86_64-linux-gnu), or of `searchOrder` (for tests).
  static DeviceLibrarySearchPath
  get(llvm::StringRef toolkit,
      llvm::ArrayRef<llvm::StringRef> searchOrder = getDefaultSearchOrder());

  /// build_defs/rocm_device_libs.bzl's roots ("$ROCM_PATH", ...).
  static llvm::ArrayRef<llvm::StringRef> getDefaultSearchOrder();

  /// The paths of the libraries `needs` names, in its order, from the first
  /// directory that holds them all as regular files. Else an error that says
  /// what each directory lacks and how to install the libraries.
  llvm::Expected<llvm::SmallVector<std::string>>
  choose(llvm::ArrayRef<LibraryNeed> needs) const;

  llvm::ArrayRef<BitcodeDirectory> getDirectories() const {
    return directories;
  }

private:
  llvm::SmallVector<BitcodeDirectory> directories;
};

} // namespace mlir::offload::rocm

#endif // OFFLOAD_TARGET_ROCM_DEVICELIBRARIES_H
