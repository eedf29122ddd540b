//===- test_support.h - What the runtime's tests share ---------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The errors that the runtime reports to a test's handler, checks in a
// child process, and the test files that the environment names.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTING_TEST_SUPPORT_H
#define OFFLOAD_RUNTIME_TESTING_TEST_SUPPORT_H

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace mgpu::testing {

struct RecordedError {
  int code;
  /// "<entry point>: <message>".
  std::string message;
};

/// The errors reported since the last Take*(), through Record, the handler
/// that a test installs: mgpuSetErrorHandler(RecordedErrors::Record, &errors).
struct RecordedErrors {
  std::vector<RecordedError> seen;

  static void Record(const char *entryPoint, int32_t code, const char *message,
                     void *userData) {
    static_cast<RecordedErrors *>(userData)->seen.push_back(
        {code, std::string(entryPoint) + ": " + message});
  }
  /// The message of the one error reported since the last call ("" if
  /// none); more than one fails the test.
  std::string TakeMessage() { return Take().message; }
  /// The code of the one error reported since the last call (0, success, if
  /// none); more than one fails the test.
  int TakeCode() { return Take().code; }

private:
  RecordedError Take() {
    EXPECT_LE(seen.size(), 1u) << "one call reported " << seen.size()
                               << " errors, the first: " << seen[0].message;
    RecordedError error = seen.empty() ? RecordedError{0, ""} : seen[0];
    seen.clear();
    return error;
  }
};

/// In a child process: prints what is wrong and ends it with status 1.
inline void Require(bool holds, const std::string &what) {
  if (holds)
    return;
  std::fprintf(stderr, "FAILED: %s\n", what.c_str());
  std::fflush(stderr);
  std::_Exit(1);
}

/// Runs `body` in a child process (a death test, of the "threadsafe" style
/// where the process has threads); it passes when the child gets to its
/// end.
template <typename Body> void ExpectInChild(Body body) {
  EXPECT_EXIT(
      {
        body();
        std::fprintf(stderr, "child passed\n");
        std::fflush(stderr);
        std::_Exit(0);
      },
      ::testing::ExitedWithCode(0), "child passed");
}

/// The bytes of the file that the environment variable `variable` names (a
/// test's kernels); empty, and a failure of the test, where it names none.
inline std::vector<char> ReadFileNamedBy(const char *variable) {
  const char *path = std::getenv(variable);
  EXPECT_NE(path, nullptr) << variable;
  std::ifstream file(path ? path : "", std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(file), {});
}

} // namespace mgpu::testing

#endif // OFFLOAD_RUNTIME_TESTING_TEST_SUPPORT_H
