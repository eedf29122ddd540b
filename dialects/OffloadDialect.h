//===- OffloadDialect.h - The offload dialect -------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_OFFLOADDIALECT_H
#define OFFLOAD_DIALECTS_OFFLOADDIALECT_H

#include "dialects/CudaChips.h"
#include "dialects/RocmTarget.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"

#include "dialects/OffloadDialect.h.inc"

#include "dialects/OffloadEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/OffloadAttrs.h.inc"

#endif // OFFLOAD_DIALECTS_OFFLOADDIALECT_H
