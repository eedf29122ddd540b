//===- OffloadDialect.h - The offload dialect -------------------*- C++ -*-===//
//
// Part of mlir-offload.
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

#endif // OFFLOAD_DIALECTS_OFFLOADDIALECT_H
