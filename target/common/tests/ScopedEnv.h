//===- ScopedEnv.h - An environment variable for one test -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_TESTS_SCOPEDENV_H
#define OFFLOAD_TARGET_COMMON_TESTS_SCOPEDENV_H

#include <cstdlib>
#include <optional>
#include <string>

namespace mlir::offload::test {

/// Sets (or, with std::nullopt, unsets) an environment variable for the scope
/// of a test, and puts back what was there.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const std::optional<std::string> &value)
      : name(name) {
    if (const char *old = std::getenv(name))
      previous = old;
    if (value)
      setenv(name, value->c_str(), 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (previous)
      setenv(name, previous->c_str(), 1);
    else
      unsetenv(name);
  }
  ScopedEnv(const ScopedEnv &) = delete;
  ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
  const char *name;
  std::optional<std::string> previous;
};

} // namespace mlir::offload::test

#endif // OFFLOAD_TARGET_COMMON_TESTS_SCOPEDENV_H
