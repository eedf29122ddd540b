//===- UpstreamTargets.h - Upstream's GPU targets as offload's --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A gpu.module may list upstream's #nvvm.target or #rocdl.target beside
// offload's targets. Each is compiled as the offload target that it maps to,
// so that it takes the lowering and the serializer of its vendor: one table
// of the upstream attributes that map, each with how its parameters do.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_UPSTREAMTARGETS_H
#define OFFLOAD_DIALECTS_UPSTREAMTARGETS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::offload {

/// The offload dialect's target attribute that `target` is compiled as:
/// `target` itself when it is one (#offload.cuda, #offload.rocm,
/// #offload.host, #offload.vulkan); upstream's #nvvm.target and
/// #rocdl.target as the #offload.cuda and #offload.rocm of the same chip,
/// features, O level, flags and link files. Fails with one error through
/// `emitError` for a target of another kind, or one with a parameter that
/// has no counterpart or that the offload target refuses.
FailureOr<Attribute>
getOffloadTarget(Attribute target,
                 function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_UPSTREAMTARGETS_H
