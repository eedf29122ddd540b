//===- SpirvDynamicSharedMemory.cpp - Shared memory sized at launch -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/abi/SpirvDynamicSharedMemory.h"

#include "dialects/vulkan/VulkanEnv.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::offload;

std::string mlir::offload::getDynamicSharedVariableName(StringRef kernel) {
  return (vulkan::kDynamicSharedVariablePrefix + kernel).str();
}

/// Why `view` cannot read the array that stands for dynamic shared memory,
/// or "" if it can; `elementType` is the first view's.
static StringRef whyNotViewable(memref::ViewOp view, Type elementType) {
  MemRefType type = view.getType();
  if (type.getElementType() != elementType)
    return "SPIR-V workgroup memory is typed, and another view of it reads "
           "another element type";
  if (type.getRank() != 1)
    return "only views of one dimension are lowered";
  if (!type.getElementType().isIntOrFloat())
    return "only views of integers and floats are lowered";
  if (type.getElementTypeBitWidth() % 8)
    return "only views of whole bytes (8-bit integers and wider, 16-bit "
           "floats and wider) are lowered";
  APInt shift;
  if (!matchPattern(view.getByteShift(), m_ConstantInt(&shift)) ||
      shift.getZExtValue() % (type.getElementTypeBitWidth() / 8))
    return "the view's offset must be a constant multiple of its element size";
  for (Operation *user : view->getUsers())
    if (!isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp>(user))
      return "the view must be read by loads, stores and atomics only";
  return "";
}

/// Makes the loads, stores and atomics of `view` read `array`, `offset`
/// elements further.
static void readAtOffset(memref::ViewOp view, Value array, int64_t offset) {
  for (Operation *user : llvm::make_early_inc_range(view->getUsers())) {
    OpBuilder b(user);
    Location loc = user->getLoc();
    auto shifted = [&](ValueRange indices) -> Value {
      if (!offset)
        return indices.front();
      return arith::AddIOp::create(
          b, loc, indices.front(),
          arith::ConstantIndexOp::create(b, loc, offset));
    };
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      load.getResult().replaceAllUsesWith(
          memref::LoadOp::create(b, loc, array, shifted(load.getIndices())));
    } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
      memref::StoreOp::create(b, loc, store.getValue(), array,
                              shifted(store.getIndices()));
    } else {
      auto atomic = cast<memref::AtomicRMWOp>(user);
      atomic.getResult().replaceAllUsesWith(
          memref::AtomicRMWOp::create(b, loc, atomic.getKind(),
                                      atomic.getValue(), array,
                                      shifted(atomic.getIndices()))
              .getResult());
    }
    user->erase();
  }
}

/// Replaces the dynamic shared memory of `kernel`, if it has any.
static LogicalResult replaceInKernel(gpu::GPUFuncOp kernel, int64_t maxBytes) {
  SmallVector<gpu::DynamicSharedMemoryOp> sources;
  kernel.walk([&](gpu::DynamicSharedMemoryOp op) { sources.push_back(op); });
  if (sources.empty())
    return success();
  for (gpu::DynamicSharedMemoryOp source : sources)
    for (Operation *user : source->getUsers())
      if (!isa<memref::ViewOp>(user))
        return user->emitError()
               << "this use of gpu.dynamic_shared_memory has no meaning for "
                  "#offload.vulkan: SPIR-V workgroup memory is typed, so "
                  "dynamic shared memory is read through memref.view";
  // In the kernel's order, so that the first view sets the element type.
  SmallVector<memref::ViewOp> views;
  kernel.walk([&](memref::ViewOp view) {
    if (view.getSource().getDefiningOp<gpu::DynamicSharedMemoryOp>())
      views.push_back(view);
  });
  Type elementType = views.front().getType().getElementType();
  for (memref::ViewOp view : views)
    if (StringRef why = whyNotViewable(view, elementType); !why.empty())
      return view.emitError() << "this view of dynamic shared memory has no "
                                 "meaning for #offload.vulkan: "
                              << why;

  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  auto workgroup = gpu::AddressSpaceAttr::get(kernel.getContext(),
                                              gpu::AddressSpace::Workgroup);
  BlockArgument array = kernel.addWorkgroupAttribution(
      MemRefType::get({std::max<int64_t>(maxBytes / elementBytes, 1)},
                      elementType, MemRefLayoutAttrInterface(), workgroup),
      kernel.getLoc());
  kernel->setAttr(
      kDynamicSharedAttributionAttr,
      Builder(kernel.getContext())
          .getI64IntegerAttr(kernel.getNumWorkgroupAttributions() - 1));
  for (memref::ViewOp view : views) {
    APInt shift;
    (void)matchPattern(view.getByteShift(), m_ConstantInt(&shift));
    readAtOffset(view, array, shift.getZExtValue() / elementBytes);
    view.erase();
  }
  for (gpu::DynamicSharedMemoryOp source : sources)
    source.erase();
  return success();
}

LogicalResult mlir::offload::replaceDynamicSharedMemory(gpu::GPUModuleOp module,
                                                        int64_t maxBytes) {
  for (auto kernel : module.getOps<gpu::GPUFuncOp>())
    if (failed(replaceInKernel(kernel, maxBytes)))
      return failure();
  return success();
}
