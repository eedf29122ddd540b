//===- ToolInvocation.cpp - Running a toolchain program -------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/ToolInvocation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <signal.h>
#include <thread>

#define DEBUG_TYPE "serialize-to-binary"

using namespace llvm;

namespace mlir::offload {

Expected<TempDirectory> TempDirectory::create() {
  SmallString<128> path;
  if (std::error_code ec = sys::fs::createUniqueDirectory("offload", path))
    return createStringError(ec, "cannot create a temporary directory: " +
                                     ec.message());
  return TempDirectory(std::string(path));
}

TempDirectory::TempDirectory(TempDirectory &&other)
    : path(std::move(other.path)) {
  other.path.clear();
}

TempDirectory::~TempDirectory() {
  if (!path.empty())
    sys::fs::remove_directories(path);
}

std::string TempDirectory::getPath(StringRef name) const {
  SmallString<128> file(path);
  sys::path::append(file, name);
  return std::string(file);
}

Expected<std::string> TempDirectory::write(StringRef name,
                                           StringRef contents) const {
  std::string file = getPath(name);
  std::error_code ec;
  raw_fd_ostream os(file, ec, sys::fs::OF_None);
  if (!ec) {
    os << contents;
    os.close();
    ec = os.error();
  }
  if (ec)
    return createStringError(ec, "cannot write " + file + ": " + ec.message());
  return file;
}

Expected<SmallVector<char, 0>> TempDirectory::read(StringRef name) const {
  std::string file = getPath(name);
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(file, /*IsText=*/false);
  if (!buffer)
    return createStringError(buffer.getError(),
                             "cannot read " + file + ": " +
                                 buffer.getError().message());
  StringRef data = (*buffer)->getBuffer();
  return SmallVector<char, 0>(data.begin(), data.end());
}

static constexpr unsigned kDefaultToolTimeout = 600;

Expected<unsigned> getToolTimeout() {
  std::optional<std::string> text =
      sys::Process::GetEnv("OFFLOAD_TOOL_TIMEOUT");
  if (!text)
    return kDefaultToolTimeout;
  unsigned seconds;
  if (text->empty() || !llvm::all_of(*text, isDigit) ||
      StringRef(*text).getAsInteger(10, seconds) || seconds == 0)
    return createStringError("OFFLOAD_TOOL_TIMEOUT=" + *text +
                             ": expected a positive number of seconds");
  return seconds;
}

Expected<std::string> runTool(StringRef program, ArrayRef<std::string> args) {
  StringRef tool = sys::path::filename(program);
  Expected<unsigned> timeout = getToolTimeout();
  if (!timeout)
    return timeout.takeError();
  Expected<TempDirectory> logDirectory = TempDirectory::create();
  if (!logDirectory)
    return logDirectory.takeError();
  std::string log = logDirectory->getPath("output");

  SmallVector<StringRef> argv = {program};
  argv.append(args.begin(), args.end());
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  std::string error;
  bool failedToStart = false;
  sys::ProcessInfo process =
      sys::ExecuteNoWait(program, argv, /*Env=*/std::nullopt, redirects,
                         /*MemoryLimit=*/0, &error, &failedToStart);
  if (failedToStart)
    return createStringError(tool + " failed to run (" + error + ")");

  // ExecuteAndWait's timeout is SIGALRM, one per process: serializers run
  // tools from many threads, so each polls its own child instead.
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(*timeout);
  auto pause = std::chrono::milliseconds(1);
  sys::ProcessInfo result;
  bool timedOut = false;
  while (true) {
    result = sys::Wait(process, /*SecondsToWait=*/0, &error,
                       /*ProcStat=*/nullptr, /*Polling=*/true);
    if (result.Pid != 0)
      break;
    if (std::chrono::steady_clock::now() >= deadline) {
      kill(process.Pid, SIGKILL);
      result = sys::Wait(process, /*SecondsToWait=*/std::nullopt, &error);
      timedOut = true;
      break;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(50));
  }

  ErrorOr<std::unique_ptr<MemoryBuffer>> output = MemoryBuffer::getFile(log);
  std::string message =
      output ? (*output)->getBuffer().rtrim().str() : std::string();
  if (timedOut)
    return createStringError(tool + " did not finish within " +
                             Twine(*timeout) +
                             " s and was stopped (OFFLOAD_TOOL_TIMEOUT sets "
                             "the limit)");
  if (result.ReturnCode == 0)
    return message;
  std::string text;
  raw_string_ostream os(text);
  os << tool << " failed";
  if (result.ReturnCode < 0)
    os << " to run (" << error << ")";
  else
    os << " with exit code " << result.ReturnCode;
  if (!message.empty())
    os << ":\n" << message;
  return createStringError(text);
}

} // namespace mlir::offload
