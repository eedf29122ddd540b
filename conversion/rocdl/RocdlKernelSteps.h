//===- RocdlKernelSteps.h - What convert-gpu-to-rocdl leaves to us -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The steps of offload-lower-gpu-to-rocdl around upstream's conversion, each
// making up for something it does that the AMDGPU backend or an AMD GPU
// cannot take.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_ROCDL_ROCDLKERNELSTEPS_H
#define OFFLOAD_CONVERSION_ROCDL_ROCDLKERNELSTEPS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Before the conversion: math functions as the device libraries'
/// (__ocml_tanh_f32) for `chip`. Given every dialect's conversion to LLVM at
/// once, upstream's conversion may take MathToLLVM's intrinsic instead
/// (llvm.tanh, llvm.atan2), which the AMDGPU backend cannot select.
LogicalResult lowerMathToDeviceLibraries(gpu::GPUModuleOp module,
                                         StringRef chip);

/// Before the conversion: each gpu.shuffle xor as the indexed shuffle of the
/// same lanes. ROCDL lowers an xor across 16 or 32 lanes to the
/// permlane16/32.swap of gfx950 for every chip it deems at least gfx950,
/// gfx10 and later included, which have no such instruction; an indexed
/// shuffle is ds_bpermute on every chip.
void rewriteXorShufflesAsIndexed(gpu::GPUModuleOp module);

/// After the conversion: what math is left (of types the device libraries
/// have no function for, bf16) as LLVM's intrinsics.
LogicalResult lowerRemainingMathToLLVM(gpu::GPUModuleOp module);

/// After the conversion: makes each ROCDL block and grid size query
/// (rocdl.workgroup.dim.*, rocdl.grid.dim.*) of an index narrower than 64
/// bits a 64-bit one, truncated. Their translation calls the device
/// libraries' 64-bit __ockl_get_local_size and __ockl_get_num_groups
/// whatever the result type, which with index-bitwidth=32 makes LLVM IR
/// whose types disagree.
void widenDimensionQueries(gpu::GPUModuleOp module);

/// After the conversion: gives each kernel whose block size is not known at
/// compile time the largest that a launch may ask for; the AMDGPU backend
/// otherwise assumes at most 256 threads, and a launch of more would fail on
/// the device.
void allowEveryBlockSize(gpu::GPUModuleOp module);

/// After the conversion: puts each stack allocation of the generic address
/// space, which is how memref.alloca without a memory space lowers, in
/// private memory, as clang does for AMD GPUs. The backend selects allocas
/// there only; the kernel uses a generic pointer cast from the private one
/// (LLVM's address space inference turns its accesses back into private
/// ones).
void moveAllocasToPrivateMemory(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_ROCDL_ROCDLKERNELSTEPS_H
