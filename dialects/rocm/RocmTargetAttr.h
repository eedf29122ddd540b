//===- RocmTargetAttr.h - #offload.rocm -------------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_ROCM_ROCMTARGETATTR_H
#define OFFLOAD_DIALECTS_ROCM_ROCMTARGETATTR_H

#include "dialects/OffloadDialect.h"
#include "dialects/rocm/RocmTargetId.h"

#define GET_ATTRDEF_CLASSES
#include "dialects/rocm/RocmTargetAttr.h.inc"

namespace mlir {
class DialectRegistry;

namespace offload {

/// Adds #offload.rocm to the offload dialect when the dialect loads. Whatever
/// attaches a model to the attribute registers it first.
void registerRocmTargetAttr(DialectRegistry &registry);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_DIALECTS_ROCM_ROCMTARGETATTR_H
