//===- BlockMemoryPlacement.cpp - Where in its page a block's memory lies -===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/memory/BlockMemoryPlacement.h"

#include "conversion/host/memory/BlockMemory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "offload-block-memory-placement"

using namespace mlir;
using namespace mlir::offload;

namespace {

/// Index arithmetic at one place.
struct IndexOps {
  OpBuilder &b;
  Location loc;

  Value constant(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value mask(Value x, int64_t bits) {
    return arith::AndIOp::create(b, loc, x, constant(bits));
  }
};

} // namespace

/// Where `memref`'s data start in their page: its aligned pointer plus its
/// offset in bytes, modulo the page.
static Value emitDataPageOffset(IndexOps &ops, Value memref,
                                const DataLayout &layout) {
  auto type = cast<MemRefType>(memref.getType());
  Value start =
      memref::ExtractAlignedPointerAsIndexOp::create(ops.b, ops.loc, memref);
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  // (A layout that is no strided one starts at the aligned pointer.)
  if (failed(type.getStridesAndOffset(strides, offset)) || offset == 0)
    return ops.mask(start, kBlockMemoryPageBytes - 1);
  int64_t stride = getElementStride(type.getElementType(), layout);
  Value bytes;
  if (!ShapedType::isDynamic(offset)) {
    // Modulo 2^64, a multiple of the page, as the index arithmetic is.
    bytes =
        ops.constant(static_cast<int64_t>(uint64_t(offset) * uint64_t(stride)));
  } else {
    Value dynamic =
        memref::ExtractStridedMetadataOp::create(ops.b, ops.loc, memref)
            .getOffset();
    bytes =
        arith::MulIOp::create(ops.b, ops.loc, dynamic, ops.constant(stride));
  }
  return ops.mask(ops.add(start, bytes), kBlockMemoryPageBytes - 1);
}

/// Where in the page, past where the data start, a block's buffer of
/// `bytes` begins: its middle half a page away; a page or more, half a
/// page. For a power of two below a page, neither the data's start nor a
/// piece at a multiple of `bytes` after it (another block's) is then within
/// a quarter of a buffer of the buffer's start.
static int64_t getPlacement(int64_t bytes) {
  const int64_t page = kBlockMemoryPageBytes;
  if (bytes >= page)
    return page / 2;
  return page / 2 - bytes / 2;
}

/// Replaces `buffer` (of `bytes`) by a view of an alloca a page larger, at
/// `placement` past `dataOffset` in the page, rounded down to its
/// alignment; `uniform` maps the view to itself, and what it mapped to the
/// alloca to the view.
static void placeBuffer(IndexOps &ops, memref::AllocaOp buffer, int64_t bytes,
                        Value dataOffset, int64_t placement,
                        IRMapping &uniform) {
  MemRefType type = buffer.getType();
  int64_t alignment = std::max<int64_t>(buffer.getAlignment().value_or(1), 1);
  auto arenaType =
      MemRefType::get({bytes + kBlockMemoryPageBytes}, ops.b.getI8Type(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  Value arena = memref::AllocaOp::create(ops.b, ops.loc, arenaType,
                                         ops.b.getI64IntegerAttr(alignment));
  Value arenaStart =
      memref::ExtractAlignedPointerAsIndexOp::create(ops.b, ops.loc, arena);
  // A multiple of the alignment, as the arena's start is.
  Value shift = ops.mask(
      ops.sub(ops.add(dataOffset, ops.constant(placement)), arenaStart),
      kBlockMemoryPageBytes - alignment);
  Value view =
      memref::ViewOp::create(ops.b, ops.loc, type, arena, shift, ValueRange{});
  SmallVector<Value> keys;
  for (auto [key, value] : uniform.getValueMap())
    if (value == buffer.getResult())
      keys.push_back(key);
  for (Value key : keys)
    uniform.map(key == buffer.getResult() ? view : key, view);
  uniform.erase(buffer.getResult());
  buffer.getResult().replaceAllUsesWith(view);
  buffer.erase();
}

void mlir::offload::placeBlockBuffers(OpBuilder &b, Location loc,
                                      ArrayRef<memref::AllocaOp> buffers,
                                      int64_t copies, ValueRange arguments,
                                      IRMapping &uniform) {
  auto isMemRef = [](Value v) { return isa<MemRefType>(v.getType()); };
  auto data = llvm::find_if(arguments, isMemRef);
  if (buffers.empty() || data == arguments.end())
    return;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfter(buffers.back());
  IndexOps ops{b, loc};
  DataLayout layout = DataLayout::closest(buffers.front());
  Value dataOffset = emitDataPageOffset(ops, *data, layout);
  unsigned placed = 0;
  for (memref::AllocaOp buffer : buffers) {
    MemRefType type = buffer.getType();
    assert(type.hasStaticShape() && type.getLayout().isIdentity() &&
           "a view of the arena needs one");
    int64_t bytes =
        getElementStride(type.getElementType(), layout) * type.getNumElements();
    int64_t bytesPerBlock = bytes / copies;
    if (buffer.getAlignment().value_or(1) >= kBlockMemoryPageBytes ||
        bytesPerBlock < kLeastPlacedBytes || placed == kMostPlacedBuffers)
      continue;
    LLVM_DEBUG(llvm::dbgs()
               << "a workgroup buffer of " << bytesPerBlock
               << " bytes a block placed " << getPlacement(bytesPerBlock)
               << " bytes past the data of argument "
               << cast<BlockArgument>(*data).getArgNumber()
               << " in their page\n");
    placeBuffer(ops, buffer, bytes, dataOffset, getPlacement(bytesPerBlock),
                uniform);
    ++placed;
  }
}
