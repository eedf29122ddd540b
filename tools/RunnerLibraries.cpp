//===- RunnerLibraries.cpp - The libraries offload-runner loads -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/RunnerLibraries.h"

// OFFLOAD_LLVM_LIBRARY_DIR: where the LLVM that the runner links keeps
// MLIR's runner utilities (build_defs/llvm_runpath.bzl).
#include "tools/llvm_library_dir.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/LogicalResult.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

#define DEBUG_TYPE "offload-runner"

using llvm::LogicalResult;
using llvm::StringRef;

namespace {
using LibraryList = llvm::cl::list<std::string>;

/// A library to load, and how to name it in an error.
struct Library {
  std::string path;
  std::string description;
};
} // namespace

/// JitRunnerMain's `--shared-libs`, registered while it runs. Upstream
/// declares it a cl::list<std::string>; there is no other way to reach its
/// values before the engine loads them.
static LibraryList *sharedLibsOption() {
  return static_cast<LibraryList *>(
      llvm::cl::getRegisteredOptions().lookup("shared-libs"));
}

/// Where a default library is looked for, in order.
static llvm::SmallVector<std::string, 3>
searchDirectories(StringRef executablePath) {
  StringRef beside = llvm::sys::path::parent_path(executablePath);
  llvm::SmallString<256> prefixLib(beside);
  llvm::sys::path::append(prefixLib, "..", "lib");
  llvm::sys::path::remove_dots(prefixLib, /*remove_dot_dot=*/true);
  return {beside.str(), std::string(prefixLib), OFFLOAD_LLVM_LIBRARY_DIR};
}

static std::optional<std::string>
findLibrary(StringRef name, llvm::ArrayRef<std::string> directories) {
  for (const std::string &directory : directories) {
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(path, name);
    if (llvm::sys::fs::exists(path))
      return std::string(path);
  }
  return std::nullopt;
}

/// Loads `library` as the engine will, so that one that would not load is
/// an error here rather than a warning there.
static LogicalResult checkLoads(StringRef toolName, const Library &library) {
  std::string error;
  if (llvm::sys::DynamicLibrary::getPermanentLibrary(library.path.c_str(),
                                                     &error)
          .isValid())
    return llvm::success();
  llvm::errs() << toolName << ": error: " << library.description
               << " does not load: " << error << "\n";
  return llvm::failure();
}

static bool namesLibrary(llvm::ArrayRef<Library> libraries,
                         StringRef fileName) {
  return llvm::any_of(libraries, [&](const Library &library) {
    return llvm::sys::path::filename(library.path) == fileName;
  });
}

/// The --shared-libs entries, absolute as the engine makes them: relative to
/// the working directory, never searched for as dlopen would.
static llvm::FailureOr<llvm::SmallVector<Library>>
givenLibraries(StringRef toolName, const LibraryList &option) {
  llvm::SmallVector<Library> libraries;
  for (const std::string &entry : option) {
    std::string description = "--shared-libs entry '" + entry + "'";
    llvm::SmallString<256> path(entry);
    if (std::error_code error = llvm::sys::fs::make_absolute(path)) {
      llvm::errs() << toolName << ": error: " << description
                   << " does not load: " << error.message() << "\n";
      return llvm::failure();
    }
    libraries.push_back({std::string(path), std::move(description)});
  }
  return libraries;
}

LogicalResult mlir::offload::completeRunnerLibraries(StringRef toolName,
                                                     StringRef executablePath) {
  LibraryList *option = sharedLibsOption();
  if (!option) {
    llvm::errs() << toolName
                 << ": error: MLIR's runner declares no --shared-libs\n";
    return llvm::failure();
  }
  llvm::FailureOr<llvm::SmallVector<Library>> libraries =
      givenLibraries(toolName, *option);
  if (failed(libraries) ||
      llvm::any_of(*libraries, [&](const Library &library) {
        return failed(checkLoads(toolName, library));
      }))
    return llvm::failure();

  llvm::SmallVector<std::string, 3> directories =
      searchDirectories(executablePath);
  for (StringRef name : kRunnerDefaultLibraries) {
    if (namesLibrary(*libraries, name))
      continue;
    std::optional<std::string> path = findLibrary(name, directories);
    if (!path) {
      llvm::errs() << toolName << ": error: cannot find " << name
                   << "; looked in " << llvm::join(directories, ", ")
                   << "; name it with --shared-libs=<path>/" << name << "\n";
      return llvm::failure();
    }
    Library library{*path, name.str()};
    if (failed(checkLoads(toolName, library)))
      return llvm::failure();
    libraries->push_back(std::move(library));
  }

  option->clear();
  for (Library &library : *libraries) {
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE << ": loads " << library.path << "\n");
    option->push_back(std::move(library.path));
  }
  return llvm::success();
}
