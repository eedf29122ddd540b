//===- SpirvStridedMemRefs.cpp - Memrefs of strides known at launch -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/abi/SpirvStridedMemRefs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::offload;

bool mlir::offload::fitsSpirvArray(MemRefType type) {
  if (!type.hasStaticShape())
    return true;
  uint64_t elements = 1;
  bool overflow = false;
  for (int64_t size : type.getShape())
    elements = llvm::SaturatingMultiply(elements, uint64_t(size), &overflow);
  return !overflow && elements <= std::numeric_limits<uint32_t>::max();
}

bool mlir::offload::isIndexedBySpirv(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  // Upstream's conversion drops the static offset of a memref of rank 0
  // (memref<f32, strided<[], offset: 5>> read element 0).
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         !ShapedType::isDynamic(offset) &&
         (type.getRank() > 0 || offset == 0) &&
         llvm::none_of(strides, ShapedType::isDynamic) && fitsSpirvArray(type);
}

/// The element of `flat` that `indices` name.
static Value linearize(OpBuilder &b, Location loc, Value offset,
                       ValueRange indices, ArrayRef<Value> strides) {
  Value linear = offset;
  for (auto [index, stride] : llvm::zip_equal(indices, strides))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  return linear;
}

LogicalResult mlir::offload::linearizeStridedMemRef(Value memref, Value flat,
                                                    Value offset,
                                                    ArrayRef<Value> sizes,
                                                    ArrayRef<Value> strides) {
  for (Operation *user : llvm::make_early_inc_range(memref.getUsers())) {
    OpBuilder b(user);
    Location loc = user->getLoc();
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      Value at = linearize(b, loc, offset, load.getIndices(), strides);
      load.getResult().replaceAllUsesWith(
          memref::LoadOp::create(b, loc, flat, at).getResult());
    } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
      Value at = linearize(b, loc, offset, store.getIndices(), strides);
      memref::StoreOp::create(b, loc, store.getValue(), flat, at);
    } else if (auto atomic = dyn_cast<memref::AtomicRMWOp>(user)) {
      Value at = linearize(b, loc, offset, atomic.getIndices(), strides);
      atomic.getResult().replaceAllUsesWith(
          memref::AtomicRMWOp::create(b, loc, atomic.getKind(),
                                      atomic.getValue(), flat, at)
              .getResult());
    } else if (auto dim = dyn_cast<memref::DimOp>(user)) {
      APInt index;
      if (!matchPattern(dim.getIndex(), m_ConstantInt(&index)) ||
          index.getZExtValue() >= sizes.size())
        return dim.emitError() << "memref.dim of a kernel parameter has no "
                                  "meaning for #offload.vulkan unless its "
                                  "dimension is a constant in range";
      dim.getResult().replaceAllUsesWith(sizes[index.getZExtValue()]);
    } else {
      return user->emitError()
             << "'" << user->getName()
             << "' of a kernel parameter whose strides are known at launch "
                "has no meaning for #offload.vulkan: such a memref is read "
                "by loads, stores, atomics and memref.dim";
    }
    user->erase();
  }
  return success();
}
