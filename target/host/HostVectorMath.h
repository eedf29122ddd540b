//===- HostVectorMath.h - The vector math library of host objects -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A kernel's math (math.exp, math.tanh, ...) reaches LLVM as intrinsics and C
// library calls, one element at a time. LLVM's loop vectorizer replaces them
// by the functions of a vector math library when it knows the library's
// names; this is the library that host objects call, and those names.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_HOST_HOSTVECTORMATH_H
#define OFFLOAD_TARGET_HOST_HOSTVECTORMATH_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MCSubtargetInfo;
class Triple;
} // namespace llvm

namespace mlir::offload::host {

/// A vector math library: the shared object that defines its functions, and
/// which scalar function (a C library name or an LLVM intrinsic) each of them
/// computes, on how many elements at once.
class VectorMathLibrary {
public:
  /// glibc's libmvec, where the dynamic loader of this process finds it,
  /// with the functions that it exports and that `subtarget` can run: SSE2's
  /// variants, and AVX2's (else AVX's) on a CPU that has it. None for a
  /// triple other than this process's, where the library is not this
  /// machine's to link, and none where the loader finds no libmvec.
  static std::optional<VectorMathLibrary>
  findLibmvec(const llvm::Triple &triple,
              const llvm::MCSubtargetInfo &subtarget);

  /// The file to link host objects against (libmvec.so.1).
  llvm::StringRef getPath() const { return path; }

  /// Tells `library` of every function, for the vectorizers.
  void addTo(llvm::TargetLibraryInfoImpl &library) const;

  /// The path and every function, one line each: what an object cache key
  /// needs of the library.
  std::string describe() const;

private:
  VectorMathLibrary() = default;

  std::string path;
  /// Owns the names that `functions` refers to.
  std::unique_ptr<llvm::BumpPtrAllocator> storage =
      std::make_unique<llvm::BumpPtrAllocator>();
  std::vector<llvm::VecDesc> functions;
};

} // namespace mlir::offload::host

#endif // OFFLOAD_TARGET_HOST_HOSTVECTORMATH_H
