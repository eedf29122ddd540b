//===- TranslateRegistration.h - --mlir-to-llvmir with offload --*- C++ -*-===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_REGISTRATION_TRANSLATEREGISTRATION_H
#define OFFLOAD_REGISTRATION_TRANSLATEREGISTRATION_H

namespace mlir::offload {

/// Registers `--mlir-to-llvmir` for mlir-translate-style tools: upstream's
/// translation, with the offload dialect and #offload.loader's translation
/// available in its input. Nothing that compiles GPU code (the targets'
/// serializers, the pipelines) comes with it. Use instead of
/// mlir::registerToLLVMIRTranslation(), which takes the same name.
void registerOffloadToLLVMIRTranslation();

} // namespace mlir::offload

#endif // OFFLOAD_REGISTRATION_TRANSLATEREGISTRATION_H
