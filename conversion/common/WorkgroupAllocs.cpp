//===- WorkgroupAllocs.cpp - memref.alloc of workgroup memory -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/common/WorkgroupAllocs.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-workgroup-allocs"

using namespace mlir;

static bool isWorkgroupMemory(Type type) {
  auto memref = dyn_cast<BaseMemRefType>(type);
  return memref && gpu::GPUDialect::isWorkgroupMemoryAddressSpace(
                       memref.getMemorySpace());
}

/// Whether `alloc`'s buffer, or a view of it, leaves an iteration of a loop
/// that holds the alloc (a yield or a while's condition): the next
/// iteration's alloc would give the same buffer, which one buffer per block
/// makes the carried one too.
static bool isCarriedByItsLoop(memref::AllocOp alloc) {
  SmallVector<Value> buffers = {alloc.getResult()};
  while (!buffers.empty()) {
    Value buffer = buffers.pop_back_val();
    for (Operation *user : buffer.getUsers()) {
      if (isa<ViewLikeOpInterface>(user)) {
        llvm::append_range(buffers, user->getResults());
        continue;
      }
      if (!isa<scf::YieldOp, scf::ConditionOp>(user))
        continue;
      Operation *loop = user->getParentOp();
      if (isa<LoopLikeOpInterface>(loop) && loop->isProperAncestor(alloc))
        return true;
    }
  }
  return false;
}

static constexpr StringLiteral kCarried =
    "the loop that allocates it carries it to its next iteration, whose "
    "alloc is the same buffer: allocate the buffers before the loop and swap "
    "them";

static InFlightDiagnostic emitNoPlace(memref::AllocOp alloc) {
  return alloc.emitError() << "this memref.alloc of workgroup memory has no "
                              "place in the kernel's workgroup memory: ";
}

/// Why no lowering can make `alloc` one buffer per block, or empty.
static StringRef whyNotOnePerBlock(memref::AllocOp alloc) {
  if (!alloc.getType().hasStaticShape())
    return "its size is known at run time only, and a block's workgroup "
           "memory is laid out when the kernel compiles: use "
           "gpu.dynamic_shared_memory and a view of it";
  if (isCarriedByItsLoop(alloc))
    return kCarried;
  return {};
}

FailureOr<SmallVector<memref::AllocOp>>
mlir::offload::takeWorkgroupAllocs(Operation *root) {
  SmallVector<memref::AllocOp> allocs;
  SmallVector<memref::DeallocOp> deallocs;
  root->walk([&](Operation *op) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op);
        alloc && isWorkgroupMemory(alloc.getType()))
      allocs.push_back(alloc);
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op);
        dealloc && isWorkgroupMemory(dealloc.getMemref().getType()))
      deallocs.push_back(dealloc);
  });
  for (memref::AllocOp alloc : allocs)
    if (StringRef why = whyNotOnePerBlock(alloc); !why.empty())
      return emitNoPlace(alloc) << why;
  for (memref::DeallocOp dealloc : deallocs)
    dealloc.erase();
  return allocs;
}

LogicalResult
mlir::offload::checkWorkgroupAllocsNotCarried(gpu::GPUModuleOp module) {
  WalkResult result = module.walk([](memref::AllocOp alloc) {
    if (!isWorkgroupMemory(alloc.getType()) || !isCarriedByItsLoop(alloc))
      return WalkResult::advance();
    emitNoPlace(alloc) << kCarried;
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

LogicalResult
mlir::offload::allocsToWorkgroupAttributions(gpu::GPUModuleOp module) {
  // An attribution belongs to a kernel, and has the identity layout.
  WalkResult placed = module.walk([](memref::AllocOp alloc) {
    if (!isWorkgroupMemory(alloc.getType()))
      return WalkResult::advance();
    auto kernel = alloc->getParentOfType<gpu::GPUFuncOp>();
    if (!kernel || !kernel.isKernel()) {
      emitNoPlace(alloc) << "it is outside a kernel: a block's workgroup "
                            "memory belongs to its kernel; allocate it there "
                            "and pass it on";
      return WalkResult::interrupt();
    }
    if (!alloc.getType().getLayout().isIdentity()) {
      emitNoPlace(alloc) << "its layout is not the identity: allocate it "
                            "without one and take a view of it";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (placed.wasInterrupted())
    return failure();
  FailureOr<SmallVector<memref::AllocOp>> allocs = takeWorkgroupAllocs(module);
  if (failed(allocs))
    return failure();
  for (memref::AllocOp alloc : *allocs) {
    auto kernel = alloc->getParentOfType<gpu::GPUFuncOp>();
    BlockArgument buffer =
        kernel.addWorkgroupAttribution(alloc.getType(), alloc.getLoc());
    if (std::optional<uint64_t> alignment = alloc.getAlignment())
      kernel.setWorkgroupAttributionAttr(
          kernel.getNumWorkgroupAttributions() - 1,
          LLVM::LLVMDialect::getAlignAttrName(),
          IntegerAttr::get(IntegerType::get(module.getContext(), 64),
                           *alignment));
    LLVM_DEBUG(llvm::dbgs()
               << "workgroup memory of " << alloc.getType() << " at "
               << alloc.getLoc() << ": an attribution of @" << kernel.getName()
               << "\n");
    alloc.getResult().replaceAllUsesWith(buffer);
    alloc.erase();
  }
  return success();
}
