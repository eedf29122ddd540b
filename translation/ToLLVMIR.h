//===- ToLLVMIR.h - MLIR to LLVM IR, with the offload dialect ---*- C++ -*-===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSLATION_TOLLVMIR_H
#define OFFLOAD_TRANSLATION_TOLLVMIR_H

namespace mlir::offload {

/// Registers `--mlir-to-llvmir` for mlir-translate-style tools: upstream's
/// translation, with the offload dialect available in its input. Use instead
/// of mlir::registerToLLVMIRTranslation(), which takes the same name.
void registerOffloadToLLVMIRTranslation();

} // namespace mlir::offload

#endif // OFFLOAD_TRANSLATION_TOLLVMIR_H
