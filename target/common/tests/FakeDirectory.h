//===- FakeDirectory.h - A directory of files for one test ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_TESTS_FAKEDIRECTORY_H
#define OFFLOAD_TARGET_COMMON_TESTS_FAKEDIRECTORY_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

namespace mlir::offload::test {

/// A new directory in which a test lays out a fake installation (a CUDA
/// toolkit, a ROCm root), removed at the end of the test.
class FakeDirectory {
public:
  FakeDirectory() {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("fake", root));
  }
  ~FakeDirectory() { llvm::sys::fs::remove_directories(root); }
  FakeDirectory(const FakeDirectory &) = delete;
  FakeDirectory &operator=(const FakeDirectory &) = delete;

  /// Writes `relativePath`, with its parent directories.
  void addFile(llvm::StringRef relativePath) {
    llvm::SmallString<256> path(root);
    llvm::sys::path::append(path, relativePath);
    ASSERT_FALSE(
        llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path)));
    std::error_code ec;
    llvm::raw_fd_ostream(path, ec) << "fake";
    ASSERT_FALSE(ec);
  }

  /// Makes `relativePath` a directory.
  void addDirectory(llvm::StringRef relativePath) {
    llvm::SmallString<256> path(root);
    llvm::sys::path::append(path, relativePath);
    ASSERT_FALSE(llvm::sys::fs::create_directories(path));
  }

  std::string path() const { return std::string(root); }

private:
  llvm::SmallString<128> root;
};

} // namespace mlir::offload::test

#endif // OFFLOAD_TARGET_COMMON_TESTS_FAKEDIRECTORY_H
