//===- VerifiedTranslation.h - MLIR to LLVM IR, verified --------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSLATION_VERIFIEDTRANSLATION_H
#define OFFLOAD_TRANSLATION_VERIFIEDTRANSLATION_H

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::offload {

/// translateModuleToLLVMIR, refusing first what it would crash on (a global
/// initialized by a symbol that is not a function: an error at the global;
/// `llvm.dependent_libraries` that is not an array of strings),
/// and whose LLVM IR, if invalid, is an error at `op` saying why (upstream
/// prints the LLVM verifier's text to stderr, without a diagnostic: a function
/// named `llvm.*` is "llvm intrinsics cannot be defined!" and exit code 1).
std::unique_ptr<llvm::Module>
translateToVerifiedLLVMIR(Operation *op, llvm::LLVMContext &context);

} // namespace mlir::offload

#endif // OFFLOAD_TRANSLATION_VERIFIEDTRANSLATION_H
