//===- RocdlTargetMapping.h - #rocdl.target as #offload.rocm ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_ROCM_ROCDLTARGETMAPPING_H
#define OFFLOAD_DIALECTS_ROCM_ROCDLTARGETMAPPING_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// Attaches UpstreamTargetAttrInterface to upstream's #rocdl.target.
void registerRocdlTargetMapping(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_ROCM_ROCDLTARGETMAPPING_H
