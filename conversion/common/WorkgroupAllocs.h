//===- WorkgroupAllocs.h - memref.alloc of workgroup memory -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_COMMON_WORKGROUPALLOCS_H
#define OFFLOAD_CONVERSION_COMMON_WORKGROUPALLOCS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::offload {

/// Makes each memref.alloc of workgroup memory in `module`'s kernels a
/// workgroup attribution of its kernel, with the alloc's alignment: one
/// buffer per block, as a GPU's shared variable is, wherever the kernel
/// allocates it (in a loop, each iteration gets the same buffer), as the
/// other lowerings make it. Each memref.dealloc of workgroup memory
/// is erased: the memory lives as long as the block. Upstream's conversions
/// to the LLVM dialect would make a malloc per thread, so that no thread
/// sees what another wrote, and a free that does not verify. An alloc whose
/// size is known at run time only, whose layout is not the identity, that
/// is outside a kernel, or whose buffer the loop that allocates it carries
/// to its next iteration (which one buffer would alias) is an error at it.
LogicalResult allocsToWorkgroupAttributions(gpu::GPUModuleOp module);

/// The memref.alloc of workgroup memory under `root`, for a lowering that
/// makes each one buffer per block (allocsToWorkgroupAttributions, the
/// host's block memory), once each memref.dealloc of workgroup memory is
/// erased; or one error at the first that no lowering can make so: a size
/// known at run time only, or a buffer that the loop allocating it carries
/// to its next iteration.
FailureOr<SmallVector<memref::AllocOp>> takeWorkgroupAllocs(Operation *root);

/// The error of takeWorkgroupAllocs at the first memref.alloc of workgroup
/// memory whose buffer the loop that allocates it carries to its next
/// iteration, for a lowering whose upstream conversion makes the buffers or
/// that rewrites the kernel before it takes them.
LogicalResult checkWorkgroupAllocsNotCarried(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_COMMON_WORKGROUPALLOCS_H
