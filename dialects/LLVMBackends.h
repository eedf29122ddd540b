//===- LLVMBackends.h - Registering LLVM's backends safely ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// llvm::TargetRegistry::RegisterTarget links each backend into one list
// without a lock: two backends registered at once on two threads (a
// gpu.module's two targets serialized side by side, a verifier beside a
// serializer) can lose one of them, which then "is not compatible with"
// its own triple. Every registration of an LLVM backend here goes through
// the one lock below.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_LLVMBACKENDS_H
#define OFFLOAD_DIALECTS_LLVMBACKENDS_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::offload {

/// Runs `registerBackends` (LLVMInitialize<Backend>* calls) while no other
/// caller registers a backend.
void registerLLVMBackends(llvm::function_ref<void()> registerBackends);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_LLVMBACKENDS_H
