//===- SpirvWorkgroupMemory.cpp - A kernel's workgroup memory -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/abi/SpirvWorkgroupMemory.h"

#include "dialects/vulkan/VulkanEnv.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "offload-lower-gpu-to-spirv"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// The size and alignment of a type laid out by std430's rules, which
/// Vulkan's limit on workgroup memory counts by (a bool as 32 bits).
struct Layout {
  uint64_t size = 0;
  uint64_t alignment = 1;
};
} // namespace

static Layout getStd430Layout(Type type) {
  if (type.isInteger(1))
    return {4, 4};
  if (type.isIntOrFloat()) {
    uint64_t bytes = type.getIntOrFloatBitWidth() / 8;
    return {bytes, bytes};
  }
  if (auto vector = dyn_cast<VectorType>(type)) {
    Layout element = getStd430Layout(vector.getElementType());
    uint64_t count = vector.getNumElements();
    return {element.size * count, element.alignment * (count == 2 ? 2 : 4)};
  }
  if (auto array = dyn_cast<spirv::ArrayType>(type)) {
    Layout element = getStd430Layout(array.getElementType());
    uint64_t stride = llvm::alignTo(element.size, element.alignment);
    return {llvm::SaturatingMultiply(stride, uint64_t(array.getNumElements())),
            element.alignment};
  }
  if (auto structure = dyn_cast<spirv::StructType>(type)) {
    Layout layout;
    for (Type member : structure.getElementTypes()) {
      Layout memberLayout = getStd430Layout(member);
      layout.alignment = std::max(layout.alignment, memberLayout.alignment);
      layout.size = llvm::SaturatingAdd(
          llvm::alignTo(layout.size, memberLayout.alignment),
          memberLayout.size);
    }
    layout.size = llvm::alignTo(layout.size, layout.alignment);
    return layout;
  }
  if (isa<spirv::PointerType>(type))
    return {8, 8};
  // Runtime arrays and the rest take no workgroup memory.
  return {};
}

/// The bytes of the Workgroup variable `variable` that a launch takes at
/// least: dynamic shared memory's array at one element.
static uint64_t getLeastBytes(spirv::GlobalVariableOp variable) {
  Type pointee = cast<spirv::PointerType>(variable.getType()).getPointeeType();
  if (!variable.getSymName().starts_with(vulkan::kDynamicSharedVariablePrefix))
    return getStd430Layout(pointee).size;
  auto array = cast<spirv::ArrayType>(
      cast<spirv::StructType>(pointee).getElementType(0));
  return getStd430Layout(array.getElementType()).size;
}

LogicalResult mlir::offload::checkWorkgroupMemory(spirv::ModuleOp module,
                                                  int64_t maxBytes) {
  SymbolTable symbols(module);
  bool failed = false;
  for (auto entryPoint : module.getOps<spirv::EntryPointOp>()) {
    uint64_t bytes = 0;
    for (auto name :
         entryPoint.getInterface().getAsRange<FlatSymbolRefAttr>()) {
      auto variable = symbols.lookup<spirv::GlobalVariableOp>(name.getValue());
      if (!variable ||
          cast<spirv::PointerType>(variable.getType()).getStorageClass() !=
              spirv::StorageClass::Workgroup)
        continue;
      bytes = llvm::SaturatingAdd(bytes, getLeastBytes(variable));
    }
    LLVM_DEBUG(llvm::dbgs() << "kernel @" << entryPoint.getFn() << ": " << bytes
                            << " bytes of workgroup memory\n");
    if (bytes <= uint64_t(maxBytes))
      continue;
    Operation *kernel = symbols.lookup(entryPoint.getFn());
    (kernel ? kernel : entryPoint.getOperation())->emitError()
        << "kernel @" << entryPoint.getFn() << " uses " << bytes
        << " bytes of workgroup memory (its workgroup attributions, "
           "memref.alloc, gpu.all_reduce's and one element of dynamic shared "
           "memory), more than the "
        << maxBytes
        << " bytes of its #offload.vulkan target's max_shared_memory, which "
           "the device's maxComputeSharedMemorySize must allow";
    failed = true;
  }
  return failure(failed);
}
