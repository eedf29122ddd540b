//===- Backend.h - Running an LLVM backend on a module ----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_BACKEND_H
#define OFFLOAD_TARGET_COMMON_BACKEND_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
class TargetLibraryInfoImpl;
class TargetMachine;
} // namespace llvm

namespace mlir::offload {

/// LLVM's code generation level for a target attribute's `O` (0 to 3).
llvm::CodeGenOptLevel getCodeGenOptLevel(int optLevel);

/// Runs LLVM's default pipeline at `optLevel` (0 to 3) on `module` for
/// `machine`, as ModuleToObject::optimizeModule does, with `library` as what
/// the optimizer knows of the C library: the functions of a vector math
/// library among them, which the vectorizers then call.
void runOptimizer(llvm::Module &module, llvm::TargetMachine &machine,
                  int optLevel, const llvm::TargetLibraryInfoImpl &library);

/// What `machine`'s backend makes of `module`: an object file or assembly
/// (`type`). A fatal error of the backend is an error that holds its message
/// ("the <backend> backend failed: Cannot select: ..."), never the end of the
/// process; `module` is then in no state to use again. `library`, if given,
/// is what runOptimizer() had: the backend replaces the vector intrinsics
/// left with its functions.
llvm::Expected<llvm::SmallVector<char, 0>>
runBackend(llvm::Module &module, llvm::TargetMachine &machine,
           llvm::CodeGenFileType type, llvm::StringRef backend,
           const llvm::TargetLibraryInfoImpl *library = nullptr);

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_COMMON_BACKEND_H
