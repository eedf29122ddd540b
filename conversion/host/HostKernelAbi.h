//===- HostKernelAbi.h - What libmgpu's host backend looks up ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_HOSTKERNELABI_H
#define OFFLOAD_CONVERSION_HOST_HOSTKERNELABI_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// On a kernel's function (i32): the private memory that each of its threads
/// needs, which its MgpuHostKernel tells the runtime.
constexpr llvm::StringLiteral kPrivateBytesAttrName =
    "offload.host_private_bytes";

/// On a kernel's function (unit): it was compiled with checks, which call
/// the block's MgpuHostCheckHooks; its MgpuHostKernel tells the runtime.
constexpr llvm::StringLiteral kCheckedAttrName = "offload.host_checked";

/// On a kernel's function (array<i32: x, y, z>): its gpu.func's
/// known_block_size and known_grid_size, which its code takes as constants;
/// its MgpuHostKernel tells the runtime, which refuses other sizes.
constexpr llvm::StringLiteral kKnownBlockSizeAttrName =
    "offload.host_known_block_size";
constexpr llvm::StringLiteral kKnownGridSizeAttrName =
    "offload.host_known_grid_size";

/// For each kernel of `module` (an llvm.func with gpu.kernel whose first
/// parameter is its MgpuHostBlock), adds what the host backend looks up
/// (mgpu_abi.def): an exported MgpuHostKernel named MGPU_HOST_KERNEL_PREFIX
/// and the kernel's name, with the size of each parameter and a `run`
/// function that takes the launch's `void **params` and runs a range of
/// blocks, calling the kernel for each (or, with kBlocksInXAttrName, for
/// each row's blocks in the range).
/// Everything else becomes internal.
LogicalResult addHostKernelEntries(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_HOSTKERNELABI_H
