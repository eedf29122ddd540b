//===- Lld.cpp - Finding ld.lld, which links every target's objects -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/Lld.h"

#include "target/common/ToolInvocation.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <dlfcn.h>

#define DEBUG_TYPE "serialize-to-binary"

using namespace llvm;

/// <prefix>/bin/ld.lld of the LLVM whose shared library holds this code.
static std::string linkerBesideLLVM() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&sys::getHostCPUName), &info) ||
      !info.dli_fname)
    return "";
  SmallString<256> library;
  if (sys::fs::real_path(info.dli_fname, library))
    return "";
  SmallString<256> linker = sys::path::parent_path(
      sys::path::parent_path(library)); // <prefix>/lib/libLLVM.so -> <prefix>
  sys::path::append(linker, "bin", "ld.lld");
  return std::string(linker);
}

Expected<std::string> mlir::offload::findLinker() {
  std::string searched;
  raw_string_ostream os(searched);
  if (std::optional<std::string> fromEnv = sys::Process::GetEnv("OFFLOAD_LLD");
      fromEnv && !fromEnv->empty()) {
    if (sys::fs::can_execute(*fromEnv))
      return *fromEnv;
    // Named explicitly: nothing else may stand in for it.
    return createStringError(inconvertibleErrorCode(),
                             "$OFFLOAD_LLD names %s, which is not an "
                             "executable file",
                             fromEnv->c_str());
  }
  for (StringRef name : {"ld.lld-22", "ld.lld"}) {
    if (ErrorOr<std::string> onPath = sys::findProgramByName(name))
      return *onPath;
    os << "\n  " << name << " (on PATH)";
  }
  std::string beside = linkerBesideLLVM();
  if (!beside.empty() && sys::fs::can_execute(beside))
    return beside;
  if (!beside.empty())
    os << "\n  " << beside << " (beside the LLVM this tool uses)";
  return createStringError(
      inconvertibleErrorCode(),
      "cannot find ld.lld, the linker of code objects and shared objects; "
      "looked for:%s\nInstall "
      "lld (Debian: lld-22), or name it with $OFFLOAD_LLD.",
      searched.c_str());
}

void mlir::offload::addLinkerToKey(CacheKey &key) {
  Expected<std::string> linker = findLinker();
  if (linker)
    key.addFileIdentity(*linker);
  else
    key.add(toString(linker.takeError()));
}

Expected<mlir::offload::LinkedObject>
mlir::offload::linkObject(StringRef linker, ArrayRef<char> object,
                          ArrayRef<std::string> options,
                          const Twine &description) {
  Expected<TempDirectory> files = TempDirectory::create();
  if (!files)
    return files.takeError();
  Expected<std::string> input =
      files->write("module.o", StringRef(object.data(), object.size()));
  if (!input)
    return input.takeError();
  std::vector<std::string> args(options.begin(), options.end());
  args.insert(args.end(), {"-o", files->getPath("module.so"), *input});
  LLVM_DEBUG({
    dbgs() << "Tool invocation for " << description << ":\n" << linker;
    for (const std::string &arg : args)
      dbgs() << " " << arg;
    dbgs() << "\n";
  });
  Expected<std::string> output = runTool(linker, args);
  if (!output)
    return output.takeError();
  Expected<SmallVector<char, 0>> linked = files->read("module.so");
  if (!linked)
    return linked.takeError();
  return LinkedObject{std::move(*linked), std::move(*output)};
}
