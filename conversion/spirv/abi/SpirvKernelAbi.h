//===- SpirvKernelAbi.h - A kernel's parameters as Vulkan passes them -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The kernel ABI of docs/vulkan-target.md, made in the gpu.module before its
// conversion to SPIR-V: a kernel's parameters become loads from its argument
// struct, whose address the push constants hold, so that upstream's
// conversion sees a kernel without parameters.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVKERNELABI_H
#define OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVKERNELABI_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
class SPIRVTypeConverter;
namespace spirv {
class ModuleOp;
} // namespace spirv
} // namespace mlir

namespace mlir::offload {

/// One error at `kernel`, naming the parameter and the type as written,
/// when a parameter's type has no place in the ABI (an unranked memref, i1,
/// bf16, a vector, ...); before its memrefs change storage class.
LogicalResult checkVulkanKernelParameters(gpu::GPUFuncOp kernel);

/// Rewrites `kernel`, whose memrefs are already in SPIR-V storage classes,
/// into a kernel without parameters or attributions: each parameter is
/// loaded from the argument struct (a memref as all of its descriptor's
/// fields, as the host lowering passes it, or its pointer alone with
/// `barePtr`), workgroup attributions become Workgroup variables of the
/// gpu.module and private ones Function variables, and, when the kernel has
/// no known_block_size, the push constants carry the block size, which
/// gpu.block_dim reads. Sets the
/// entry point ABI (its workgroup size, or 1x1x1 for the runtime to
/// replace). The values cross from SPIR-V types with
/// unrealized_conversion_casts, which the conversion folds.
LogicalResult materializeVulkanKernelAbi(gpu::GPUFuncOp kernel,
                                         const SPIRVTypeConverter &types,
                                         bool barePtr);

/// The name of the push constants' variable of `kernel`.
std::string getPushConstantsName(StringRef kernel);

/// Lists each kernel's push constants in its entry point's interface, where
/// the kernel does not read them (it has no parameters and does not read its
/// block size): they still tell the runtime that the kernel takes any block
/// size, by the block size members the runtime finds there.
void listPushConstantsInInterfaces(spirv::ModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVKERNELABI_H
