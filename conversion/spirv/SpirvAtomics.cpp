//===- SpirvAtomics.cpp - memref.atomic_rmw on buffer addresses -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/SpirvAtomics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::offload;

/// The atomic update `kind` of the integer at `pointer` with `value` as a
/// compare-exchange loop, for the kinds SPIR-V has no instruction for:
/// each try combines the value last seen with `value` (as arith does) and
/// stores it if the memory still holds what was seen. Returns the value
/// before the update.
static Value buildCompareExchangeLoop(ConversionPatternRewriter &rewriter,
                                      Location loc, arith::AtomicRMWKind kind,
                                      Value pointer, Value value,
                                      spirv::ScopeAttr scope,
                                      spirv::MemorySemanticsAttr semantics) {
  Type type = value.getType();
  Value guess = spirv::LoadOp::create(rewriter, loc, pointer);
  auto loop = spirv::LoopOp::create(rewriter, loc, TypeRange{type},
                                    spirv::LoopControl::None);
  OpBuilder::InsertionGuard guard(rewriter);
  Region &body = loop.getBody();
  Block *entry = rewriter.createBlock(&body, body.end());
  Block *header = rewriter.createBlock(&body, body.end(), {type}, {loc});
  Block *next = rewriter.createBlock(&body, body.end());
  Block *merge = rewriter.createBlock(&body, body.end());
  rewriter.setInsertionPointToEnd(entry);
  spirv::BranchOp::create(rewriter, loc, header, ValueRange{guess});
  rewriter.setInsertionPointToEnd(header);
  Value seen = header->getArgument(0);
  Value combined = arith::getReductionOp(kind, rewriter, loc, seen, value);
  Value found = spirv::AtomicCompareExchangeOp::create(
      rewriter, loc, pointer, scope, semantics, semantics, combined, seen);
  Value stored = spirv::IEqualOp::create(rewriter, loc, found, seen);
  spirv::BranchConditionalOp::create(rewriter, loc, stored, merge, ValueRange(),
                                     next, ValueRange());
  rewriter.setInsertionPointToEnd(next);
  spirv::BranchOp::create(rewriter, loc, header, ValueRange{found});
  rewriter.setInsertionPointToEnd(merge);
  spirv::MergeOp::create(rewriter, loc, ValueRange{seen});
  return loop.getResult(0);
}

/// The SPIR-V atomic of `kind` on `pointer`, or null where SPIR-V has none
/// (floats other than f32 adds).
static Value buildAtomic(ConversionPatternRewriter &builder, Location loc,
                         arith::AtomicRMWKind kind, Type element, Value pointer,
                         spirv::ScopeAttr scope,
                         spirv::MemorySemanticsAttr semantics, Value value) {
  auto create = [&](auto tag) -> Value {
    using OpT = decltype(tag);
    return OpT::create(builder, loc, pointer, scope, semantics, value);
  };
  switch (kind) {
  case arith::AtomicRMWKind::addi:
    return create(spirv::AtomicIAddOp());
  case arith::AtomicRMWKind::andi:
    return create(spirv::AtomicAndOp());
  case arith::AtomicRMWKind::ori:
    return create(spirv::AtomicOrOp());
  case arith::AtomicRMWKind::xori:
    return create(spirv::AtomicXorOp());
  case arith::AtomicRMWKind::maxs:
    return create(spirv::AtomicSMaxOp());
  case arith::AtomicRMWKind::maxu:
    return create(spirv::AtomicUMaxOp());
  case arith::AtomicRMWKind::mins:
    return create(spirv::AtomicSMinOp());
  case arith::AtomicRMWKind::minu:
    return create(spirv::AtomicUMinOp());
  case arith::AtomicRMWKind::assign:
    return create(spirv::AtomicExchangeOp());
  case arith::AtomicRMWKind::addf:
    if (!element.isF32())
      return {};
    return spirv::EXTAtomicFAddOp::create(builder, loc, element, pointer, scope,
                                          semantics, value);
  case arith::AtomicRMWKind::muli:
    return buildCompareExchangeLoop(builder, loc, kind, pointer, value, scope,
                                    semantics);
  default:
    return {};
  }
}

namespace {
struct AtomicRmwToSpirv final
    : public OpConversionPattern<memref::AtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(memref::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getMemRefType();
    auto storage =
        dyn_cast_or_null<spirv::StorageClassAttr>(type.getMemorySpace());
    if (!storage ||
        (storage.getValue() != spirv::StorageClass::PhysicalStorageBuffer &&
         storage.getValue() != spirv::StorageClass::Workgroup))
      return rewriter.notifyMatchFailure(op, "neither global nor workgroup");
    const auto &types = *getTypeConverter<SPIRVTypeConverter>();
    Type element = types.convertType(type.getElementType());
    if (!element || element != op.getType())
      return rewriter.notifyMatchFailure(op, "an element of another width");
    Location loc = op.getLoc();
    Value pointer = spirv::getElementPtr(types, type, adaptor.getMemref(),
                                         adaptor.getIndices(), loc, rewriter);
    if (!pointer)
      return rewriter.notifyMatchFailure(op, "no element pointer");
    bool global =
        storage.getValue() == spirv::StorageClass::PhysicalStorageBuffer;
    auto scope = spirv::ScopeAttr::get(
        getContext(), global ? spirv::Scope::Device : spirv::Scope::Workgroup);
    // Relaxed, as CUDA's atomic functions are: gpu.barrier orders memory
    // around them. (Lavapipe also loses the lanes of every subgroup but the
    // first from a loop that has an acquire or release in it.)
    auto semantics = spirv::MemorySemanticsAttr::get(
        getContext(), spirv::MemorySemantics::None);
    Value result = buildAtomic(rewriter, loc, op.getKind(), element, pointer,
                               scope, semantics, adaptor.getValue());
    if (!result)
      // SpirvUnsupported.h names these before the conversion.
      return rewriter.notifyMatchFailure(op, "no SPIR-V atomic of this kind");
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

void mlir::offload::populateSpirvAtomicPatterns(const SPIRVTypeConverter &types,
                                                RewritePatternSet &patterns) {
  patterns.add<AtomicRmwToSpirv>(types, patterns.getContext(),
                                 /*benefit=*/2);
}
