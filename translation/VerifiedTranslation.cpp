//===- VerifiedTranslation.cpp - MLIR to LLVM IR, verified ----------------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "translation/VerifiedTranslation.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

std::unique_ptr<llvm::Module>
mlir::offload::translateToVerifiedLLVMIR(Operation *op,
                                         llvm::LLVMContext &context) {
  std::unique_ptr<llvm::Module> module = translateModuleToLLVMIR(
      op, context, "LLVMDialectModule", /*disableVerification=*/true);
  if (!module)
    return nullptr;
  std::string problems;
  llvm::raw_string_ostream os(problems);
  if (llvm::verifyModule(*module, &os)) {
    op->emitError() << "the translation to LLVM IR gives invalid LLVM IR: "
                    << llvm::StringRef(problems).trim();
    return nullptr;
  }
  return module;
}
