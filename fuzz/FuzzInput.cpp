//===- FuzzInput.cpp - What the MLIR fuzz targets share -------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzInput.h"

#include "mlir/Parser/Parser.h"

// LLVM's allocators poison and unpoison their slabs in inline code: compiled
// here with AddressSanitizer it poisons, compiled into the installed
// (uninstrumented) libMLIR it never unpoisons. Without user poisoning, ASan
// still checks every heap and stack access of the code built here.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

bool mlir::offload::fuzz::FuzzInput::nestsTooDeep(const std::string &text) {
  // MLIR's parser recurses once or more per bracket: under ASan, a few
  // thousand levels overflow the stack.
  constexpr int kMaxDepth = 500;
  int depth = 0;
  for (char c : text) {
    if (c == '[' || c == '(' || c == '{' || c == '<')
      ++depth;
    else if ((c == ']' || c == ')' || c == '}' || c == '>') && depth > 0)
      --depth;
    if (depth > kMaxDepth)
      return true;
  }
  return false;
}

mlir::OwningOpRef<mlir::ModuleOp>
mlir::offload::fuzz::FuzzInput::parseModule() const {
  if (skip())
    return nullptr;
  return parseSourceString<ModuleOp>(text, context);
}
