//===- VerifiedTranslation.cpp - MLIR to LLVM IR, verified ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "translation/VerifiedTranslation.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

/// The translation turns a symbol in a global's initializer into the address
/// of the function it names, without asking whether it names one: a missing
/// symbol, or a global, is a null function and a crash in LLVM (the LLVM
/// dialect's verifier accepts both). Reject them here instead.
static LogicalResult checkGlobalInitializers(Operation *op) {
  SymbolTableCollection symbols;
  WalkResult result = op->walk([&](LLVM::GlobalOp global) {
    Attribute value = global.getValueOrNull();
    if (!value)
      return WalkResult::advance();
    WalkResult inner = value.walk([&](FlatSymbolRefAttr symbol) {
      Operation *target =
          symbols.lookupNearestSymbolFrom(global.getOperation(), symbol);
      if (isa_and_nonnull<LLVM::LLVMFuncOp>(target))
        return WalkResult::advance();
      InFlightDiagnostic diag = global.emitOpError("is initialized with ")
                                << symbol << ", which ";
      if (!target) {
        diag << "does not exist";
      } else {
        diag << "is a '" << target->getName()
             << "'; only an 'llvm.func' can initialize a global by name";
        diag.attachNote(target->getLoc()) << symbol << " is defined here";
      }
      return WalkResult::interrupt();
    });
    return inner.wasInterrupted() ? WalkResult::interrupt()
                                  : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// The translation casts `llvm.dependent_libraries` to an array of strings
/// unchecked (a unit attribute is a crash), and the LLVM dialect's verifier
/// lets any attribute through.
static LogicalResult checkDependentLibraries(Operation *op) {
  StringRef name = LLVM::LLVMDialect::getDependentLibrariesAttrName();
  Attribute libraries = op->getDiscardableAttr(name);
  if (!libraries)
    return success();
  auto array = dyn_cast<ArrayAttr>(libraries);
  if (array && llvm::all_of(array, llvm::IsaPred<StringAttr>))
    return success();
  return op->emitOpError() << "attribute '" << name
                           << "' must be an array of library names (strings), "
                              "not "
                           << libraries;
}

std::unique_ptr<llvm::Module>
mlir::offload::translateToVerifiedLLVMIR(Operation *op,
                                         llvm::LLVMContext &context) {
  if (failed(checkDependentLibraries(op)) ||
      failed(checkGlobalInitializers(op)))
    return nullptr;
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
