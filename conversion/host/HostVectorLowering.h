//===- HostVectorLowering.h - Vector ops as a CPU has them ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The conversion of the vector dialect to LLVM takes loads, stores, masked
// loads and stores, gathers, shuffles and element-wise ops; the rest
// (transfers, masks, contractions, transposes, n-D broadcasts...) upstream's
// CPU path rewrites into those first: convert-vector-to-scf takes transfers
// down to one dimension, and convert-vector-to-llvm's rewrites turn a 1-D
// transfer into a load or a masked load (a store, a masked store), its
// out-of-bounds dimension into a mask, a mask into a comparison with a step.
// The host lowering does the same, in each kernel before it is split into
// thread loops.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_HOSTVECTORLOWERING_H
#define OFFLOAD_CONVERSION_HOST_HOSTVECTORLOWERING_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Rewrites the vector ops of `module` that the conversion to LLVM does not
/// take into ones it does, as upstream's convert-vector-to-scf and
/// convert-vector-to-llvm do on a CPU: a transfer with a mask or an
/// out-of-bounds dimension reads its padding (and writes nothing) where the
/// mask is off or the element is past the end of its buffer.
void lowerVectorOpsForHost(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_HOSTVECTORLOWERING_H
