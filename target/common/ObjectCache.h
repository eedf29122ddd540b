//===- ObjectCache.h - Compiled objects on disk, by content -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Every edit-compile-run cycle recompiles gpu.modules that did not change, and
// most of that time is the backend and the assembler. The cache keeps each
// object under a hash of everything that decides its bytes (the linked LLVM
// IR, the target attribute, the format, the tools and their versions), so a
// hit is byte-identical to a fresh compile by construction.
//
// The cache is shared by concurrent processes without locks: an entry is
// written to a unique temporary file and renamed into place, so readers see
// a whole entry or none. Each entry carries a checksum of its key and
// contents; one that does not match is removed and compiled again. The cache
// is bounded: when a process has written a tenth of the bound since it last
// looked, it removes the least recently used entries until the cache is back
// under 80% of it.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_OBJECTCACHE_H
#define OFFLOAD_TARGET_COMMON_OBJECTCACHE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SHA256.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::offload {

/// A hash of the fields added to it, each length-prefixed so that no two
/// sequences of fields hash alike by concatenation.
class CacheKey {
public:
  CacheKey &add(llvm::StringRef field);
  CacheKey &add(uint64_t field);
  /// A file by path, size and modification time, as ccache identifies a
  /// compiler: a reinstalled tool gets new keys without being read.
  CacheKey &addFileIdentity(llvm::StringRef path);
  /// The key as 64 hexadecimal digits.
  std::string finalize();

private:
  llvm::SHA256 hasher;
};

/// The compiled object and what the tools said while compiling it, which a
/// hit repeats as a fresh compile would.
struct CachedObject {
  llvm::SmallVector<char, 0> object;
  std::vector<std::string> remarks;
};

class ObjectCache {
public:
  /// The environment's cache: $OFFLOAD_CACHE (`on`, the default, or `off`),
  /// $OFFLOAD_CACHE_DIR (default `$XDG_CACHE_HOME/mlir-offload`, else
  /// `$HOME/.cache/mlir-offload`), $OFFLOAD_CACHE_SIZE (bytes, with an optional
  /// K, M or G suffix; default 1G). None when it is off or no directory can be
  /// named; an error for a value that means nothing.
  static llvm::Expected<std::optional<ObjectCache>> fromEnvironment();

  ObjectCache(std::string directory, uint64_t maxSize);

  /// The entry for `key`, if there is a sound one. A corrupt entry is removed.
  std::optional<CachedObject> lookup(llvm::StringRef key) const;

  /// Stores `entry` under `key`, replacing any other. Best effort: a cache
  /// that cannot be written only means a slower next compile.
  void store(llvm::StringRef key, const CachedObject &entry) const;

  /// If the cache holds more than its bound, removes the least recently used
  /// entries until it holds 80% of it; removes temporary files that processes
  /// which died left behind. store() calls it now and then.
  void trim() const;

  llvm::StringRef getDirectory() const { return directory; }

private:
  std::string getEntryPath(llvm::StringRef key) const;

  std::string directory;
  uint64_t maxSize;
};

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_COMMON_OBJECTCACHE_H
