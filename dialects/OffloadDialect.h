//===- OffloadDialect.h - The offload dialect -------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_OFFLOADDIALECT_H
#define OFFLOAD_DIALECTS_OFFLOADDIALECT_H

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"

#include "dialects/OffloadDialect.h.inc"

#include "dialects/OffloadEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/OffloadAttrs.h.inc"

namespace mlir::offload {

/// The models this dialect promises (each target's serializer, the loader's
/// translation) live in the layers above it. A tool registers them with its
/// DialectRegistry; a pass plugin is given none, so the registration layer
/// also installs them here, and every pass that makes or compiles targets
/// adds them to its dependent dialects: they are there however the plugin
/// was loaded.
void setPromisedModelRegistration(void (*registration)(DialectRegistry &));

/// Adds the installed models, if any, to `registry`.
void addPromisedModels(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_OFFLOADDIALECT_H
