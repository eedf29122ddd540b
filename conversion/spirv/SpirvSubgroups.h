//===- SpirvSubgroups.h - Subgroup counts a driver gets wrong ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_SPIRVSUBGROUPS_H
#define OFFLOAD_CONVERSION_SPIRV_SPIRVSUBGROUPS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Makes each gpu.num_subgroups of `module` at least the block's threads
/// divided by the subgroup size, rounded up: no subgroup has more lanes than
/// SubgroupSize, so a block has at least that many, and a driver's
/// NumSubgroups may be fewer (lavapipe rounds down, while its SubgroupId of
/// the last, partial subgroup is that count). The built-in stays the count
/// where it is higher: subgroups that do not fill up, rows of a block, say.
void countPartialSubgroups(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRV_SPIRVSUBGROUPS_H
