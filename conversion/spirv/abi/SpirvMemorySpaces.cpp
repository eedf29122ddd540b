//===- SpirvMemorySpaces.cpp - Memory spaces as SPIR-V storage classes ----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/abi/SpirvMemorySpaces.h"

#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"

using namespace mlir;
using namespace mlir::offload;

std::optional<spirv::StorageClass>
mlir::offload::getVulkanStorageClass(Attribute space) {
  using spirv::StorageClass;
  if (!space)
    return StorageClass::PhysicalStorageBuffer;
  if (auto storageClass = dyn_cast<spirv::StorageClassAttr>(space))
    return storageClass.getValue();
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space)) {
    switch (gpuSpace.getValue()) {
    case gpu::AddressSpace::Global:
      return StorageClass::PhysicalStorageBuffer;
    case gpu::AddressSpace::Workgroup:
      return StorageClass::Workgroup;
    case gpu::AddressSpace::Private:
      return StorageClass::Function;
    }
  }
  if (auto number = dyn_cast<IntegerAttr>(space)) {
    // NVVM's numbers, which kernels written for CUDA use.
    switch (number.getInt()) {
    case 0:
    case 1:
      return StorageClass::PhysicalStorageBuffer;
    case 3:
      return StorageClass::Workgroup;
    case 5:
      return StorageClass::Function;
    default:
      break;
    }
  }
  return std::nullopt;
}

/// memref.alloca in the default memory space is a thread's own memory, not
/// global memory: in the Function storage class before the mapping.
static void placeAllocasInFunctions(gpu::GPUModuleOp module) {
  auto function = spirv::StorageClassAttr::get(module.getContext(),
                                               spirv::StorageClass::Function);
  module.walk([&](memref::AllocaOp alloca) {
    MemRefType type = alloca.getType();
    if (type.getMemorySpace())
      return;
    alloca.getResult().setType(MemRefType::get(
        type.getShape(), type.getElementType(), type.getLayout(), function));
  });
}

void mlir::offload::mapMemorySpaces(gpu::GPUModuleOp module) {
  placeAllocasInFunctions(module);
  spirv::MemorySpaceToStorageClassConverter converter(getVulkanStorageClass);
  spirv::convertMemRefTypesAndAttrs(module, converter);
}
