//===- main.cc - The entry of an integration program built ahead of time --===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The programs' `func.func @main` returns nothing; its object has it renamed
// to integration_main, which this calls.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <iostream>

extern "C" void integration_main();

int main() {
  integration_main();
  std::cout.flush();
  std::fflush(nullptr);
  return 0;
}
