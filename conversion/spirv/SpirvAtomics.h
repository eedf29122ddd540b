//===- SpirvAtomics.h - memref.atomic_rmw on buffer addresses ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_SPIRVATOMICS_H
#define OFFLOAD_CONVERSION_SPIRV_SPIRVATOMICS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
class SPIRVTypeConverter;
} // namespace mlir

namespace mlir::offload {

/// memref.atomic_rmw on global memory (physical storage buffers, which
/// upstream's lowering does not take) and workgroup memory, as SPIR-V
/// atomics at device or workgroup scope: the integer kinds (`muli` as a
/// compare-exchange loop), `assign` and
/// `addf` of f32.
void populateSpirvAtomicPatterns(const SPIRVTypeConverter &types,
                                 RewritePatternSet &patterns);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRV_SPIRVATOMICS_H
