//===- SpirvAllReduce.h - gpu.all_reduce for any subgroup size --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRVALLREDUCE_H
#define OFFLOAD_CONVERSION_SPIRVALLREDUCE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Rewrites each gpu.all_reduce of `module`'s kernels into what Vulkan
/// means by it whatever its subgroup size and layout: each thread's value in
/// workgroup memory, then a tree of barriers and combinations, read by every
/// thread (upstream's rewrite assumes 32 lanes, and its SPIR-V lowering
/// reduces over the workgroup, which Vulkan does not allow; subgroups are
/// not used, whose count and layout devices report differently). The
/// operation combines as arith does, so minimumf keeps a NaN. The workgroup
/// memory is a new attribution of the kernel, of `maxThreads` entries unless
/// the kernel's block size is known. An all_reduce that not every thread
/// reaches is an error.
LogicalResult expandAllReducesForSpirv(gpu::GPUModuleOp module,
                                       int64_t maxThreads);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRVALLREDUCE_H
