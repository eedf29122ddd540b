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
/// thread. For the lowerings where upstream's rewrites do not hold on every
/// device of the target: the rewrite into subgroup shuffles assumes 32
/// lanes and shuffles a partial subgroup with a width that is not a power
/// of two, which not every target's shuffle takes; a lowering to a target's
/// own group operations may reduce over the workgroup where the target
/// allows subgroups only; and devices report subgroup counts and layouts
/// differently. The operation combines as arith does, so minimumf keeps a
/// NaN. The workgroup memory is a new attribution of the kernel, of
/// `maxThreads` entries unless the kernel's block size is known, shared by
/// the kernel's reductions of one type (each ends at a barrier). An
/// all_reduce outside a kernel, of another type than an integer or a float,
/// or that not every thread reaches is an error at it, which names the
/// gpu.module's target.
LogicalResult expandAllReducesInWorkgroupMemory(gpu::GPUModuleOp module,
                                                int64_t maxThreads);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_COMMON_WORKGROUPALLREDUCE_H
