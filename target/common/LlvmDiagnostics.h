//===- LlvmDiagnostics.h - What LLVM reports to its context -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The IR linker, the optimizer and the backends report problems to the
// LLVMContext (the linker's "conflicting module flags", a GPU backend's
// "unsupported dynamic alloca"), whose default handler prints them to stderr
// and ends the process on an error. A serializer owns its context and takes
// them over instead, to say them as diagnostics at its gpu.module.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_LLVMDIAGNOSTICS_H
#define OFFLOAD_TARGET_COMMON_LLVMDIAGNOSTICS_H

#include <string>

namespace llvm {
class DiagnosticInfo;
class LLVMContext;
} // namespace llvm

namespace mlir::offload {

class LlvmDiagnostics {
public:
  /// Becomes `context`'s diagnostic handler; this must outlive every use of
  /// the context.
  void install(llvm::LLVMContext &context);

  /// The errors reported since the last call, one a line; empty if none.
  std::string takeErrors();
  /// The same for warnings. Remarks and notes are dropped.
  std::string takeWarnings();

private:
  static void handle(const llvm::DiagnosticInfo *info, void *self);

  std::string errors;
  std::string warnings;
};

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_COMMON_LLVMDIAGNOSTICS_H
