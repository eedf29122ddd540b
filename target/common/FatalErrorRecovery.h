//===- FatalErrorRecovery.h - LLVM fatal errors as failures -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// LLVM's backends end the process on input they cannot compile ("LLVM ERROR:
// Cannot select: intrinsic ...", then a stack dump). A serializer runs the
// optimizer and the backend on an LLVM module of its own, which it throws
// away on failure, so it can afford what clang's driver does for its
// in-process compiler: run that work under a CrashRecoveryContext and turn a
// fatal error into a diagnostic at the gpu.module.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_FATALERRORRECOVERY_H
#define OFFLOAD_TARGET_COMMON_FATALERRORRECOVERY_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace mlir::offload {

/// Runs `work`. If LLVM reports a fatal error or the work crashes, `work` is
/// abandoned where it stands (its stack is not unwound: it must only touch
/// LLVM objects that the caller discards on failure) and the result is failure.
/// Thread-safe: each thread recovers its own work. `message` is the fatal
/// error's text, or says which signal ended the work.
LogicalResult runRecoveringFatalErrors(llvm::function_ref<void()> work,
                                       std::string &message);

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_COMMON_FATALERRORRECOVERY_H
