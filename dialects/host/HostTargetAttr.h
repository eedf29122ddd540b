//===- HostTargetAttr.h - #offload.host -------------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_HOST_HOSTTARGETATTR_H
#define OFFLOAD_DIALECTS_HOST_HOSTTARGETATTR_H

#include "dialects/OffloadDialect.h"

#define GET_ATTRDEF_CLASSES
#include "dialects/host/HostTargetAttr.h.inc"

namespace mlir {
class DialectRegistry;

namespace offload {

/// Adds #offload.host to the offload dialect when the dialect loads. Whatever
/// attaches a model to the attribute registers it first.
void registerHostTargetAttr(DialectRegistry &registry);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_DIALECTS_HOST_HOSTTARGETATTR_H
