//===- Lld.h - Finding ld.lld, which links every target's objects -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_LLD_H
#define OFFLOAD_TARGET_COMMON_LLD_H

#include "target/common/ObjectCache.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::offload {

/// ld.lld, which links a target's object file into a shared object (a host
/// shared object, a GPU's code object), in the order searched:
/// $OFFLOAD_LLD (what Bazel actions use, with the file declared), ld.lld-22
/// then ld.lld on PATH, then the bin directory of the LLVM installation this
/// tool runs with. An error names every place searched. One search order for
/// every target, so that one variable and one install serve them all.
llvm::Expected<std::string> findLinker();

/// Adds the linker that findLinker() finds to `key` by its file's identity;
/// a missing one as its error, which the compile then reports (nothing is
/// stored for it).
void addLinkerToKey(CacheKey &key);

/// What ld.lld made of one object file.
struct LinkedObject {
  /// The output file's bytes, whatever they are: the caller checks them.
  llvm::SmallVector<char, 0> bytes;
  /// What the linker printed (warnings), empty when it said nothing.
  std::string messages;
};

/// Runs `linker` on the object file `object` with `options` before it (the
/// output and the input are the linker's last arguments), in a private
/// directory under fixed names, so that no path of this machine reaches the
/// output. `description` names the compile ("gpu.module @k (host)") where
/// -debug-only=serialize-to-binary shows the command line. An error says why
/// the linker did not run or what it said when it failed.
llvm::Expected<LinkedObject> linkObject(llvm::StringRef linker,
                                        llvm::ArrayRef<char> object,
                                        llvm::ArrayRef<std::string> options,
                                        const llvm::Twine &description);

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_COMMON_LLD_H
