//===- SpirvMemorySpaces.h - Memory spaces as SPIR-V storage classes -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVMEMORYSPACES_H
#define OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVMEMORYSPACES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"

#include <optional>

namespace mlir::offload {

/// The storage class of a memref of memory space `space` in a kernel:
/// global memory (none, #gpu.address_space<global>, NVVM's 0 and 1) is what
/// buffer device addresses point at, PhysicalStorageBuffer; workgroup
/// memory (#gpu.address_space<workgroup>, 3) Workgroup; private memory
/// (#gpu.address_space<private>, 5) Function; a #spirv.storage_class itself.
/// None for any other space.
std::optional<spirv::StorageClass> getVulkanStorageClass(Attribute space);

/// Gives every memref of `module` its storage class as its memory space; a
/// memref.alloca in the default space is a thread's own memory, Function.
void mapMemorySpaces(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVMEMORYSPACES_H
