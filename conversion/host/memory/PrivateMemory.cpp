//===- PrivateMemory.cpp - The memory of each thread of a block -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/memory/PrivateMemory.h"

#include "conversion/host/memory/BlockMemory.h"

#include "mgpu/mgpu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::offload::threadloops;

/// MgpuHostKernel::privateBytes, the bytes of each thread, is 32 bits.
static constexpr int64_t kMaxPrivateBytes = std::numeric_limits<int32_t>::max();

/// Whether `memory` (or a view of it) may reach code that runs after its
/// allocation runs again: passed on by a terminator (scf.yield, cf.br),
/// given to an op with regions (a loop's initial values), or turned into
/// another memref by an op that is not a view.
static bool mayBePassedOn(Value memory) {
  for (Operation *user : memory.getUsers()) {
    if (user->hasTrait<OpTrait::IsTerminator>() || user->getNumRegions())
      return true;
    auto view = dyn_cast<ViewLikeOpInterface>(user);
    if (view && view.getViewSource() == memory) {
      if (llvm::any_of(user->getResults(), mayBePassedOn))
        return true;
    } else if (llvm::any_of(user->getResultTypes(),
                            llvm::IsaPred<BaseMemRefType>)) {
      return true;
    }
  }
  return false;
}

LogicalResult PrivateMemory::allocate() {
  for (BlockArgument attribution : kernel.getPrivateAttributions())
    if (failed(add(attribution, 0, kernel)))
      return failure();
  WalkResult walked = kernel.walk([&](memref::AllocaOp alloca) {
    if (!runsOncePerThread(alloca) && mayBePassedOn(alloca.getResult()))
      return WalkResult::advance(); // one allocation each time, on the stack
    return failed(add(alloca.getResult(), alloca.getAlignment().value_or(0),
                      alloca))
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

LogicalResult PrivateMemory::add(Value memory, uint64_t requested,
                                 Operation *at) {
  auto type = cast<MemRefType>(memory.getType());
  if (!type.hasStaticShape() || !type.getLayout().isIdentity())
    return success(); // stays where it is: one allocation per thread
  Type element = type.getElementType();
  uint64_t alignment =
      std::max<uint64_t>({16, layout.getTypeABIAlignment(element), requested});
  if (alignment > MGPU_HOST_BLOCK_MEMORY_ALIGNMENT) {
    if (isa<memref::AllocaOp>(at))
      return success();
    return at->emitError() << "kernel @" << kernel.getName()
                           << " has a private attribution "
                           << "of type " << type << ", aligned to " << alignment
                           << " bytes; the host target aligns private memory "
                              "to "
                           << MGPU_HOST_BLOCK_MEMORY_ALIGNMENT;
  }
  auto tooBig = [&] {
    return at->emitError() << "with " << type << ", each thread of kernel @"
                           << kernel.getName()
                           << " needs more than 2 GiB of private "
                           << "memory, the most the host target gives a thread";
  };
  std::optional<int64_t> bytes = getElementStride(element, layout);
  for (int64_t dim : type.getShape())
    if (bytes)
      bytes = llvm::checkedMul(*bytes, dim);
  if (!bytes || *bytes > kMaxPrivateBytes)
    return tooBig();
  // Past this point every size is below 2^32: nothing wraps.
  int64_t size = llvm::alignTo(std::max<int64_t>(*bytes, 1), alignment);
  int64_t start = llvm::alignTo(bytesPerThread, alignment);
  if (start + size > kMaxPrivateBytes)
    return tooBig();
  slices[memory] = {start, size};
  bytesPerThread = start + size;
  return success();
}

/// Not in a loop, nor in a block of branches that may be one. An alloca that
/// runs more often makes a new buffer each time, which one slice per thread
/// can stand for only where each buffer is dead when the next is made
/// (!mayBePassedOn).
bool PrivateMemory::runsOncePerThread(Operation *op) const {
  for (Operation *at = op; at != kernel; at = at->getParentOp()) {
    if (!at->getBlock()->isEntryBlock())
      return false;
    Operation *parent = at->getParentOp();
    if (parent != kernel && isa<RegionBranchOpInterface>(parent) &&
        cast<RegionBranchOpInterface>(parent).isRepetitiveRegion(
            at->getParentRegion()->getRegionNumber()))
      return false;
  }
  return true;
}

Value PrivateMemory::getMemory(Attribute memorySpace) {
  Value &memory = memories[memorySpace];
  if (!memory) {
    Value bytes = arith::IndexCastOp::create(
        entry, loc, entry.getI64Type(),
        arith::MulIOp::create(
            entry, loc, threads,
            arith::ConstantIndexOp::create(entry, loc, bytesPerThread)));
    memory = wrapBlockMemory(entry, loc, base, bytes, memorySpace);
  }
  return memory;
}

Value PrivateMemory::getSlice(Value memory, Value linear, OpBuilder &b) {
  const Slice &slice = slices.find(memory)->second;
  auto index = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  Value start = arith::MulIOp::create(b, loc, threads, index(slice.start));
  Value shift = arith::AddIOp::create(
      b, loc, start,
      arith::MulIOp::create(b, loc, linear, index(slice.bytesPerThread)));
  auto type = cast<MemRefType>(memory.getType());
  Value whole = getMemory(type.getMemorySpace());
  return memref::ViewOp::create(b, loc, type, whole, shift, ValueRange{});
}

bool PrivateMemory::mayBeRunStack(
    Value memory, function_ref<bool(Operation *)> isInside) const {
  while (true) {
    if (contains(memory))
      return false;
    Operation *definer = memory.getDefiningOp();
    if (!definer)
      return isInside(cast<BlockArgument>(memory).getOwner()->getParentOp());
    if (!isInside(definer))
      return false;
    auto view = dyn_cast<ViewLikeOpInterface>(definer);
    if (!view)
      return true;
    memory = view.getViewSource();
  }
}

bool PrivateMemory::canFreeStackAfter(
    ArrayRef<Operation *> run, function_ref<bool(Operation *)> isInside) const {
  bool stackAllocations = false, memoryEscapes = false;
  for (Operation *op : run) {
    op->walk([&](memref::AllocaOp alloca) {
      stackAllocations |= !contains(alloca.getResult());
    });
    for (Value result : op->getResults())
      memoryEscapes |=
          isa<BaseMemRefType>(result.getType()) &&
          llvm::any_of(result.getUsers(),
                       [&](Operation *user) { return !isInside(user); }) &&
          mayBeRunStack(result, isInside);
  }
  return stackAllocations && !memoryEscapes;
}

Operation *mlir::offload::threadloops::createAllocaScope(OpBuilder &b,
                                                         Location loc) {
  OpBuilder::InsertionGuard guard(b);
  auto scope = memref::AllocaScopeOp::create(b, loc, TypeRange{});
  b.createBlock(&scope.getBodyRegion());
  return memref::AllocaScopeReturnOp::create(b, loc);
}
