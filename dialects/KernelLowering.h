//===- KernelLowering.h - Which lowering a target's kernels need -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one place that says which lowering each kind of target takes, for the
// passes that split a gpu.module by lowering, lower each copy, and merge
// the binaries back. A new kind of target adds its lowering here.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_KERNELLOWERING_H
#define OFFLOAD_DIALECTS_KERNELLOWERING_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::offload {

/// In the order in which a gpu.module with targets of several keeps the
/// first and gives the others copies. Upstream's #nvvm.target and
/// #rocdl.target take the lowering of the offload target they map to
/// (UpstreamTargets.h).
enum class KernelLowering {
  /// convert-gpu-to-nvvm: #offload.cuda.
  Nvvm,
  /// offload-lower-gpu-to-host: #offload.host.
  Host,
  /// offload-lower-gpu-to-spirv: #offload.vulkan.
  Spirv,
  /// convert-gpu-to-rocdl for waves of 64 lanes: #offload.rocm on gfx9 and
  /// older, or with wave64. Subgroup operations expand for the wave size,
  /// so chips of the two wave sizes take separate lowerings.
  Rocdl64,
  /// convert-gpu-to-rocdl for waves of 32 lanes: #offload.rocm on gfx10 and
  /// later.
  Rocdl32,
};

/// The lowering that `target` takes: that of getOffloadTarget(target).
/// Fails with one error through `emitError` where that does.
FailureOr<KernelLowering>
getKernelLowering(Attribute target,
                  function_ref<InFlightDiagnostic()> emitError);

/// What a copy of gpu.module @m for `lowering` is called after: "m.host".
StringRef getLoweringSuffix(KernelLowering lowering);

/// The pass or the targets, for messages: "offload-lower-gpu-to-host".
StringRef describeLowering(KernelLowering lowering);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_KERNELLOWERING_H
