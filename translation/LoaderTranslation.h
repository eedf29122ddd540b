//===- LoaderTranslation.h - #offload.loader to LLVM IR ---------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSLATION_LOADERTRANSLATION_H
#define OFFLOAD_TRANSLATION_LOADERTRANSLATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// Makes #offload.loader a gpu::OffloadingLLVMTranslationAttrInterface, so
/// that --mlir-to-llvmir turns gpu.binary and gpu.launch_func into LLVM IR
/// calling libmgpu.
void registerLoaderTranslationInterfaceExternalModels(
    DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_TRANSLATION_LOADERTRANSLATION_H
