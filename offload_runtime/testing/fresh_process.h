//===- fresh_process.h - Runtime tests in a process of their own -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The runtime chooses its backend and loads its drivers once per process:
// a test of that choice, or of a failure that is final, runs in a process
// of its own (GoogleTest's death tests, which fork).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTING_FRESH_PROCESS_H
#define OFFLOAD_RUNTIME_TESTING_FRESH_PROCESS_H

#include <gtest/gtest.h>

#include <cstdlib>

/// Runs the braced statements in a fresh process, which must then exit with
/// `code` having printed what matches `stderrRegex` (an extended regex) on
/// stderr. The process re-executes the test binary ("threadsafe"), so that
/// no thread or driver state of this one is inherited.
#define EXPECT_IN_FRESH_PROCESS(code, stderrRegex, ...)                        \
  do {                                                                         \
    GTEST_FLAG_SET(death_test_style, "threadsafe");                            \
    auto freshProcessBody = [&] __VA_ARGS__;                                   \
    EXPECT_EXIT(                                                               \
        {                                                                      \
          freshProcessBody();                                                  \
          std::exit(0);                                                        \
        },                                                                     \
        ::testing::ExitedWithCode(code), stderrRegex);                         \
  } while (false)

#endif // OFFLOAD_RUNTIME_TESTING_FRESH_PROCESS_H
