//===- LLVMBackends.cpp - Registering LLVM's backends safely --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/LLVMBackends.h"

#include <mutex>

void mlir::offload::registerLLVMBackends(
    llvm::function_ref<void()> registerBackends) {
  static std::mutex registryMutex;
  std::lock_guard<std::mutex> lock(registryMutex);
  registerBackends();
}
