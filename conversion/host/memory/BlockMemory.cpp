//===- BlockMemory.cpp - Memory the runtime gives a block -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/memory/BlockMemory.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

Value mlir::offload::wrapBlockMemory(OpBuilder &b, Location loc, Value pointer,
                                     Value bytes, Attribute memorySpace) {
  MLIRContext *context = b.getContext();
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i64 = b.getI64Type();
  auto dims = LLVM::LLVMArrayType::get(i64, 1);
  auto descriptorType =
      LLVM::LLVMStructType::getLiteral(context, {ptr, ptr, i64, dims, dims});
  Value descriptor = LLVM::UndefOp::create(b, loc, descriptorType);
  auto insert = [&](Value v, ArrayRef<int64_t> position) {
    descriptor = LLVM::InsertValueOp::create(b, loc, descriptor, v, position);
  };
  insert(pointer, {0});
  insert(pointer, {1});
  insert(LLVM::ConstantOp::create(b, loc, i64, 0), {2});
  insert(bytes, {3, 0});
  insert(LLVM::ConstantOp::create(b, loc, i64, 1), {4, 0});
  auto type = MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                              MemRefLayoutAttrInterface(), memorySpace);
  return UnrealizedConversionCastOp::create(b, loc, type, descriptor)
      .getResult(0);
}

int64_t mlir::offload::getElementStride(Type element,
                                        const DataLayout &layout) {
  return static_cast<int64_t>(
      llvm::alignTo(layout.getTypeSize(element).getFixedValue(),
                    layout.getTypeABIAlignment(element)));
}
