//===- TranslateRegistration.h - --mlir-to-llvmir with offload --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_REGISTRATION_TRANSLATEREGISTRATION_H
#define OFFLOAD_REGISTRATION_TRANSLATEREGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// Registers `--mlir-to-llvmir` for mlir-translate-style tools: upstream's
/// translation, with the offload dialect and #offload.loader's translation
/// available in its input. Nothing that compiles GPU code (the targets'
/// serializers, the pipelines) comes with it. Use instead of
/// mlir::registerToLLVMIRTranslation(), which takes the same name.
void registerOffloadToLLVMIRTranslation();

/// Registers every upstream translation, with ours in place of
/// `--mlir-to-llvmir` (registerOffloadToLLVMIRTranslation): what
/// offload-translate offers. Upstream's registerAllTranslations() would
/// register `--mlir-to-llvmir` a second time, which aborts.
void registerAllTranslationsWithOffload();

/// What any tool that translates to LLVM IR needs in `registry` to read the
/// offload dialect and translate #offload.loader: the dialect, its
/// translation model, each target's description of its objects and the
/// mappings of upstream's targets to ours (offload-translate and
/// offload-runner use it).
void registerOffloadToLLVMIRTranslationModels(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_REGISTRATION_TRANSLATEREGISTRATION_H
