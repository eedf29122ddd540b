//===- HostRawBuffers.cpp - AMD's raw buffers on the host -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/HostRawBuffers.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace {

/// Where a raw buffer op reaches into its memref, and how much of it may.
struct BufferAccess {
  /// The memref's elements from its first, in one dimension.
  Value view;
  /// The element of `view` where the access starts (index).
  Value position;
  /// How many of the access's elements, from its first, are inside the
  /// buffer (index).
  Value inside;
};

/// Builds the accesses of raw buffer ops.
class BufferAccessBuilder {
public:
  BufferAccessBuilder(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  /// The access of `count` elements that `op` makes at `indices` of
  /// `memref`, with its `indexOffset` and `sgprOffset` (or null).
  FailureOr<BufferAccess> build(Operation *op, Value memref, ValueRange indices,
                                std::optional<uint32_t> indexOffset,
                                Value sgprOffset, int64_t count);

private:
  /// The buffer's size, in bytes, as the ROCm lowering gives the hardware
  /// (num_records): one element past the farthest index any dimension
  /// reaches. `size` and `stride` give each dimension's.
  Value getRecordBytes(MemRefType type, function_ref<Value(int64_t)> size,
                       function_ref<Value(int64_t)> stride,
                       int64_t elementBytes);
  /// `metadata`'s buffer from the memref's first element, in one
  /// dimension of `extent` elements.
  Value createView(MemRefType type, memref::ExtractStridedMetadataOp metadata,
                   Value extent);

  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value i32(int64_t value) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), value);
  }
  /// An i32 as the unsigned 32-bit offset it is to the hardware (index).
  Value unsignedIndex(Value v) {
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
  }

  OpBuilder &b;
  Location loc;
};

} // namespace

FailureOr<BufferAccess>
BufferAccessBuilder::build(Operation *op, Value memref, ValueRange indices,
                           std::optional<uint32_t> indexOffset,
                           Value sgprOffset, int64_t count) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return op->emitError() << "the host target takes raw buffer accesses to "
                              "memrefs with strides only, not to "
                           << type;
  auto elementBytes = static_cast<int64_t>(
      DataLayout::closest(op).getTypeSize(type.getElementType()));
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  auto stride = [&](int64_t d) -> Value {
    if (ShapedType::isDynamic(strides[d]))
      return metadata.getStrides()[d];
    return index(strides[d]);
  };
  auto size = [&](int64_t d) -> Value {
    if (type.isDynamicDim(d))
      return metadata.getSizes()[d];
    return index(type.getDimSize(d));
  };

  Value recordBytes = getRecordBytes(type, size, stride, elementBytes);

  // The access's offset, in 32 bits as the hardware's voffset: elements,
  // then bytes.
  Value linear = i32(0);
  for (auto [d, subscript] : llvm::enumerate(indices)) {
    Value step = arith::IndexCastOp::create(b, loc, b.getI32Type(), stride(d));
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, subscript, step));
  }
  if (indexOffset)
    linear = arith::AddIOp::create(b, loc, linear,
                                   i32(static_cast<int32_t>(*indexOffset)));
  Value start =
      unsignedIndex(arith::MulIOp::create(b, loc, linear, i32(elementBytes)));

  // The elements inside: those whose last byte is below the buffer's end.
  Value room = arith::SelectOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, recordBytes,
                            start),
      arith::DivUIOp::create(b, loc,
                             arith::SubIOp::create(b, loc, recordBytes, start),
                             index(elementBytes)),
      index(0));
  BufferAccess access;
  access.inside = arith::MinUIOp::create(b, loc, room, index(count));

  // sgprOffset moves the access after the check: the hardware adds it, in
  // bytes (32 bits, unsigned), to the address.
  Value addressBytes = start;
  if (sgprOffset)
    addressBytes =
        arith::AddIOp::create(b, loc, addressBytes,
                              unsignedIndex(arith::MulIOp::create(
                                  b, loc, sgprOffset, i32(elementBytes))));
  Value startElement =
      arith::DivUIOp::create(b, loc, addressBytes, index(elementBytes));
  access.position = startElement;
  access.view =
      createView(type, metadata,
                 arith::AddIOp::create(b, loc, startElement, index(count)));
  return access;
}

Value BufferAccessBuilder::getRecordBytes(MemRefType type,
                                          function_ref<Value(int64_t)> size,
                                          function_ref<Value(int64_t)> stride,
                                          int64_t elementBytes) {
  Value records = type.getRank() == 0 ? index(1) : nullptr;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    Value reach = arith::MulIOp::create(b, loc, size(d), stride(d));
    records = records ? arith::MaxUIOp::create(b, loc, records, reach) : reach;
  }
  return arith::MulIOp::create(b, loc, records, index(elementBytes));
}

Value BufferAccessBuilder::createView(MemRefType type,
                                      memref::ExtractStridedMetadataOp metadata,
                                      Value extent) {
  auto viewType = MemRefType::get(
      {ShapedType::kDynamic}, type.getElementType(),
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, {1}),
      type.getMemorySpace());
  return memref::ReinterpretCastOp::create(
      b, loc, viewType, metadata.getBaseBuffer(), metadata.getOffset(),
      ValueRange{extent}, ValueRange{index(1)});
}

/// The number of elements that `type`, a scalar or a 1-D vector, holds.
static FailureOr<int64_t> getElementCount(Operation *op, Type type) {
  auto vector = dyn_cast<VectorType>(type);
  if (!vector)
    return 1;
  if (vector.getRank() != 1 || vector.isScalable())
    return op->emitError() << "the host target takes raw buffer accesses of "
                              "scalars and of 1-D vectors, not of "
                           << type;
  return vector.getNumElements();
}

/// A vector access whose elements are all outside reads from, or writes
/// to, the start of the buffer under an all-false mask, not where it points.
static Value maskedPosition(OpBuilder &b, Location loc,
                            const BufferAccess &access) {
  Value none = arith::ConstantIndexOp::create(b, loc, 0);
  Value empty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      access.inside, none);
  return arith::SelectOp::create(b, loc, empty, none, access.position);
}

/// The access of `op`, a raw buffer operation, to `count` elements.
template <typename OpTy>
static FailureOr<BufferAccess> buildAccess(OpTy op, OpBuilder &b,
                                           int64_t count) {
  return BufferAccessBuilder(b, op.getLoc())
      .build(op, op.getMemref(), op.getIndices(), op.getIndexOffset(),
             op.getSgprOffset(), count);
}

/// Whether all `count` elements of `access` are inside (i1).
static Value isAllInside(OpBuilder &b, Location loc, const BufferAccess &access,
                         int64_t count) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, access.inside,
                               arith::ConstantIndexOp::create(b, loc, count));
}

static LogicalResult lowerLoad(amdgpu::RawBufferLoadOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type type = op.getValue().getType();
  FailureOr<int64_t> count = getElementCount(op, type);
  if (failed(count))
    return failure();
  FailureOr<BufferAccess> access = buildAccess(op, b, *count);
  if (failed(access))
    return failure();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  Value loaded;
  if (auto vector = dyn_cast<VectorType>(type)) {
    Value mask = vector::CreateMaskOp::create(
        b, loc, vector.clone(b.getI1Type()), ValueRange{access->inside});
    loaded = vector::MaskedLoadOp::create(
        b, loc, vector, access->view,
        ValueRange{maskedPosition(b, loc, *access)}, mask, zero);
  } else {
    auto branch = scf::IfOp::create(
        b, loc, isAllInside(b, loc, *access, 1),
        [&](OpBuilder &tb, Location l) {
          scf::YieldOp::create(
              tb, l,
              memref::LoadOp::create(tb, l, access->view, access->position)
                  .getResult());
        },
        [&](OpBuilder &eb, Location l) { scf::YieldOp::create(eb, l, zero); });
    loaded = branch.getResult(0);
  }
  op.getValue().replaceAllUsesWith(loaded);
  op.erase();
  return success();
}

static LogicalResult lowerStore(amdgpu::RawBufferStoreOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value value = op.getValue();
  FailureOr<int64_t> count = getElementCount(op, value.getType());
  if (failed(count))
    return failure();
  FailureOr<BufferAccess> access = buildAccess(op, b, *count);
  if (failed(access))
    return failure();
  if (auto vector = dyn_cast<VectorType>(value.getType())) {
    Value mask = vector::CreateMaskOp::create(
        b, loc, vector.clone(b.getI1Type()), ValueRange{access->inside});
    vector::MaskedStoreOp::create(b, loc, access->view,
                                  ValueRange{maskedPosition(b, loc, *access)},
                                  mask, value);
  } else {
    scf::IfOp::create(b, loc, isAllInside(b, loc, *access, 1),
                      [&](OpBuilder &tb, Location l) {
                        memref::StoreOp::create(tb, l, value, access->view,
                                                access->position);
                        scf::YieldOp::create(tb, l);
                      });
  }
  op.erase();
  return success();
}

/// `current == compare` by their bits, as the hardware's compare-and-swap
/// compares them (-0.0 is not 0.0, a NaN is itself).
static Value bitsEqual(OpBuilder &b, Location loc, Value current,
                       Value compare) {
  Type type = current.getType();
  if (isa<FloatType>(type)) {
    Type bits = b.getIntegerType(type.getIntOrFloatBitWidth());
    current = arith::BitcastOp::create(b, loc, bits, current);
    compare = arith::BitcastOp::create(b, loc, bits, compare);
  }
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, current,
                               compare);
}

/// An atomic update of element `position` of `view`, which gives the new
/// value from the old one; the old value.
static Value
emitAtomicUpdate(OpBuilder &b, Location loc, Value view, Value position,
                 function_ref<Value(OpBuilder &, Location, Value)> update) {
  auto atomic = memref::GenericAtomicRMWOp::create(b, loc, view, position);
  OpBuilder body = OpBuilder::atBlockEnd(atomic.getBody());
  memref::AtomicYieldOp::create(body, loc,
                                update(body, loc, atomic.getCurrentValue()));
  return atomic.getResult();
}

/// A raw buffer atomic without a result: the whole access inside the buffer,
/// or nothing done. (Their ops take scalars, but fadd, which takes two f16
/// or bf16 too: each is an atomic of its own on the host.)
template <typename OpTy> static LogicalResult lowerAtomic(OpTy op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value value = op.getValue();
  Type type = value.getType();
  FailureOr<int64_t> count = getElementCount(op, type);
  if (failed(count))
    return failure();
  FailureOr<BufferAccess> access = buildAccess(op, b, *count);
  if (failed(access))
    return failure();
  Value allInside = isAllInside(b, loc, *access, *count);
  auto updateElement = [&](OpBuilder &tb, Location l, Value position,
                           Value operand) -> Value {
    return TypeSwitch<Operation *, Value>(op.getOperation())
        .Case([&](amdgpu::RawBufferAtomicFaddOp) {
          // A generic update: f16 and bf16 have no atomicrmw on the host
          // (bf16 is bits there).
          return emitAtomicUpdate(
              tb, l, access->view, position,
              [&](OpBuilder &ub, Location ul, Value current) -> Value {
                return arith::AddFOp::create(ub, ul, current, operand);
              });
        })
        .Case([&](amdgpu::RawBufferAtomicFmaxOp) {
          return memref::AtomicRMWOp::create(tb, l,
                                             arith::AtomicRMWKind::maxnumf,
                                             operand, access->view, position)
              .getResult();
        })
        .Case([&](amdgpu::RawBufferAtomicSmaxOp) {
          return memref::AtomicRMWOp::create(tb, l, arith::AtomicRMWKind::maxs,
                                             operand, access->view, position)
              .getResult();
        })
        .Case([&](amdgpu::RawBufferAtomicUminOp) {
          return memref::AtomicRMWOp::create(tb, l, arith::AtomicRMWKind::minu,
                                             operand, access->view, position)
              .getResult();
        });
  };
  scf::IfOp::create(b, loc, allInside, [&](OpBuilder &tb, Location l) {
    for (int64_t k = 0; k < *count; ++k) {
      Value operand = value;
      Value position = access->position;
      if (isa<VectorType>(type)) {
        operand = vector::ExtractOp::create(tb, l, value, k);
        position = arith::AddIOp::create(
            tb, l, position, arith::ConstantIndexOp::create(tb, l, k));
      }
      updateElement(tb, l, position, operand);
    }
    scf::YieldOp::create(tb, l);
  });
  op.erase();
  return success();
}

static LogicalResult lowerCompareAndSwap(amdgpu::RawBufferAtomicCmpswapOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type type = op.getValue().getType();
  if (!isa<IntegerType, FloatType>(type))
    return op.emitError() << "the host target takes raw buffer "
                             "compare-and-swap on scalars only, not on "
                          << type;
  FailureOr<BufferAccess> access = buildAccess(op, b, 1);
  if (failed(access))
    return failure();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  auto branch = scf::IfOp::create(
      b, loc, isAllInside(b, loc, *access, 1),
      [&](OpBuilder &tb, Location l) {
        Value old = emitAtomicUpdate(
            tb, l, access->view, access->position,
            [&](OpBuilder &ub, Location ul, Value current) -> Value {
              return arith::SelectOp::create(
                  ub, ul, bitsEqual(ub, ul, current, op.getCmp()), op.getSrc(),
                  current);
            });
        scf::YieldOp::create(tb, l, old);
      },
      [&](OpBuilder &eb, Location l) { scf::YieldOp::create(eb, l, zero); });
  op.getValue().replaceAllUsesWith(branch.getResult(0));
  op.erase();
  return success();
}

LogicalResult mlir::offload::lowerRawBuffersForHost(gpu::GPUModuleOp module) {
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (isa<amdgpu::SchedBarrierOp, amdgpu::RawBufferLoadOp,
            amdgpu::RawBufferStoreOp, amdgpu::RawBufferAtomicCmpswapOp,
            amdgpu::RawBufferAtomicFaddOp, amdgpu::RawBufferAtomicFmaxOp,
            amdgpu::RawBufferAtomicSmaxOp, amdgpu::RawBufferAtomicUminOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    LogicalResult lowered =
        TypeSwitch<Operation *, LogicalResult>(op)
            .Case([](amdgpu::SchedBarrierOp barrier) {
              // A hint to AMD's scheduler, which the CPU has no use for.
              barrier.erase();
              return success();
            })
            .Case([](amdgpu::RawBufferLoadOp load) { return lowerLoad(load); })
            .Case([](amdgpu::RawBufferStoreOp store) {
              return lowerStore(store);
            })
            .Case([](amdgpu::RawBufferAtomicCmpswapOp swap) {
              return lowerCompareAndSwap(swap);
            })
            .Case<amdgpu::RawBufferAtomicFaddOp, amdgpu::RawBufferAtomicFmaxOp,
                  amdgpu::RawBufferAtomicSmaxOp, amdgpu::RawBufferAtomicUminOp>(
                [](auto atomic) { return lowerAtomic(atomic); });
    if (failed(lowered))
      return failure();
  }
  return success();
}
