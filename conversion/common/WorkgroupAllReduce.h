//===- WorkgroupAllReduce.h - gpu.all_reduce for any subgroup size -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_COMMON_WORKGROUPALLREDUCE_H
#define OFFLOAD_CONVERSION_COMMON_WORKGROUPALLREDUCE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Rewrites each gpu.all_reduce of `module`'s kernels into a reduction that
/// holds whatever the subgroups' size and layout: each thread's value in
/// workgroup memory, then a tree of barriers and combinations, read by every
/// thread. Vulkan takes it (upstream's rewrite assumes 32 lanes, and its
/// SPIR-V lowering reduces over the workgroup, which Vulkan does not allow;
/// devices report subgroup counts and layouts differently), and so do AMD
/// GPUs (upstream's rewrite shuffles a partial subgroup with a width that is
/// not a power of two, which ROCDL's shuffle gets wrong). The operation
/// combines as arith does, so minimumf keeps a NaN. The workgroup memory is
/// a new attribution of the kernel, of `maxThreads` entries unless the
/// kernel's block size is known, shared by the kernel's reductions of one
/// type (each ends at a barrier). An all_reduce that not every thread
/// reaches is an error.
LogicalResult expandAllReducesInWorkgroupMemory(gpu::GPUModuleOp module,
                                                int64_t maxThreads);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_COMMON_WORKGROUPALLREDUCE_H
