//===- LinkFiles.h - The bitcode files a target links -----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_LINKFILES_H
#define OFFLOAD_TARGET_COMMON_LINKFILES_H

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::offload {

/// The bitcode files a target links into its module: the attribute's `link`
/// (may be null), then gpu-module-to-binary's `l` option.
SmallVector<Attribute> getFilesToLink(ArrayAttr link,
                                      const gpu::TargetOptions &options);

/// Checks that each path among `files` names a regular file, before
/// anything reads one: a device or a FIFO would never end, or never stop
/// growing. One error through `emitError` for the first that does not ("the
/// bitcode file "x.bc" to link does not exist").
LogicalResult checkFilesToLink(ArrayRef<Attribute> files,
                               function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_COMMON_LINKFILES_H
