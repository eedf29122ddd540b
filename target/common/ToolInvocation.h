//===- ToolInvocation.h - Running a toolchain program -----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The serializers run ptxas, fatbinary and ld.lld, which only read and write
// files. A tool must not hang the compiler, and nothing of the module's name
// may reach a path: files live in a private directory under fixed names (which
// also keeps the names that `ptxas -g` records the same from run to run), and
// the directory goes away on every path.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_TOOLINVOCATION_H
#define OFFLOAD_TARGET_COMMON_TOOLINVOCATION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::offload {

/// A new, private temporary directory, removed with what it holds when this
/// goes out of scope.
class TempDirectory {
public:
  static llvm::Expected<TempDirectory> create();
  TempDirectory(TempDirectory &&other);
  TempDirectory &operator=(TempDirectory &&) = delete;
  ~TempDirectory();

  /// `name` in the directory.
  std::string getPath(llvm::StringRef name) const;

  /// Writes `contents` to `name` in the directory; its path.
  llvm::Expected<std::string> write(llvm::StringRef name,
                                    llvm::StringRef contents) const;

  /// The contents of `name` in the directory.
  llvm::Expected<llvm::SmallVector<char, 0>> read(llvm::StringRef name) const;

private:
  explicit TempDirectory(std::string path) : path(std::move(path)) {}
  std::string path;
};

/// How long a tool may run: $OFFLOAD_TOOL_TIMEOUT seconds, 600 by default; an
/// error for a value that is not a positive number.
llvm::Expected<unsigned> getToolTimeout();

/// Runs `program` with `args` (not repeating the program), its output and
/// errors captured together, for at most getToolTimeout() seconds; a tool
/// still running then is killed. Returns the output of a tool that exited 0;
/// otherwise an error that names the tool, says how it ended and holds its
/// output.
llvm::Expected<std::string> runTool(llvm::StringRef program,
                                    llvm::ArrayRef<std::string> args);

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_COMMON_TOOLINVOCATION_H
