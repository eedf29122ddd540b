//===- DeviceLibraries.cpp - Finding the ROCm device libraries ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/rocm/DeviceLibraries.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace mlir::offload::rocm {

// kSearchOrder (the roots) and kBitcodeDirectory (where the libraries lie
// below each), from build_defs/rocm_device_libs.bzl.
#include "target/rocm/RocmDeviceLibsSearchOrder.inc"

static constexpr DeviceLibrary kDeviceLibraries[] = {
    {"ocml", "ocml.bc", "__ocml_"},
    {"ockl", "ockl.bc", "__ockl_"},
};

ArrayRef<DeviceLibrary> getDeviceLibraries() { return kDeviceLibraries; }

SmallVector<LibraryNeed> findNeededLibraries(const llvm::Module &module) {
  SmallVector<LibraryNeed> needs;
  for (const DeviceLibrary &library : kDeviceLibraries) {
    auto user = llvm::find_if(module, [&](const llvm::Function &function) {
      return function.isDeclaration() &&
             function.getName().starts_with(library.prefix);
    });
    if (user != module.end())
      needs.push_back({&library, user->getName().str()});
  }
  return needs;
}

void setTargetAttributes(llvm::Module &library, StringRef cpu,
                         StringRef features) {
  for (llvm::Function &function : library) {
    if (function.isDeclaration())
      continue;
    SmallVector<StringRef, 2> merged;
    if (!features.empty())
      merged.push_back(features);
    StringRef own =
        function.getFnAttribute("target-features").getValueAsString();
    if (!own.empty())
      merged.push_back(own);
    function.addFnAttr("target-cpu", cpu);
    if (!merged.empty())
      function.addFnAttr("target-features", join(merged, ","));
  }
}

ArrayRef<StringRef> DeviceLibrarySearchPath::getDefaultSearchOrder() {
  return kSearchOrder;
}

DeviceLibrarySearchPath
DeviceLibrarySearchPath::get(StringRef toolkit, ArrayRef<StringRef> order) {
  DeviceLibrarySearchPath path;
  auto add = [&](StringRef root, const Twine &origin) {
    SmallString<256> directory(root);
    sys::path::append(directory, kBitcodeDirectory);
    path.directories.push_back({std::string(directory), origin.str()});
  };
  if (!toolkit.empty())
    add(toolkit, "the toolkit option");
  for (StringRef entry : order) {
    if (!entry.consume_front("$")) {
      add(entry, "the default location");
      continue;
    }
    std::optional<std::string> value = sys::Process::GetEnv(entry);
    if (value && !value->empty())
      add(*value, "$" + entry);
  }
  return path;
}

/// `file` in `directory`, if it is a regular file there (a directory or a
/// FIFO of that name would fail or hang the bitcode reader).
static std::optional<std::string> findFile(StringRef directory,
                                           StringRef file) {
  SmallString<256> path(directory);
  sys::path::append(path, file);
  if (!sys::fs::is_regular_file(path))
    return std::nullopt;
  return std::string(path);
}

Expected<SmallVector<std::string>>
DeviceLibrarySearchPath::choose(ArrayRef<LibraryNeed> needs) const {
  std::string searched;
  raw_string_ostream os(searched);
  for (const BitcodeDirectory &directory : directories) {
    SmallVector<std::string> found;
    SmallVector<StringRef> lacks;
    for (const LibraryNeed &need : needs) {
      if (std::optional<std::string> path =
              findFile(directory.path, need.library->file))
        found.push_back(*path);
      else
        lacks.push_back(need.library->file);
    }
    if (lacks.empty())
      return found;
    os << "\n  " << directory.path << " (" << directory.origin << "): ";
    if (sys::fs::is_directory(directory.path))
      os << "no " << join(lacks, ", no ");
    else
      os << "no such directory";
  }
  SmallVector<std::string> wanted;
  for (const LibraryNeed &need : needs)
    wanted.push_back((need.library->file + " (" + need.library->name +
                      ", which defines " + need.user + ")")
                         .str());
  return createStringError(
      inconvertibleErrorCode(),
      "cannot find the ROCm device libraries it needs, %s; looked in:%s\n"
      "Install rocm-device-libs (Debian) or set ROCM_PATH.",
      join(wanted, " and ").c_str(), searched.c_str());
}

} // namespace mlir::offload::rocm
