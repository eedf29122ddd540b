//===- RuntimeAbi.cpp - The mgpu runtime's ABI as LLVM types --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "abi/RuntimeAbi.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include <initializer_list>

using namespace mlir;
using namespace mlir::offload;
using namespace mlir::offload::abi;

namespace {

/// The IR kinds of mgpu_abi.def.
enum class Kind { Void, I8, I16, I32, I64, IntPtr, Ptr, MemRef1d };

struct EntryPointInfo {
  const char *name;
  Kind result;
  std::initializer_list<Kind> params;
};

struct StructInfo {
  std::initializer_list<Kind> fields;
};

} // namespace

static const EntryPointInfo kEntryPoints[] = {
#define MGPU_PARAM(type, kind, name) Kind::kind
#define MGPU_FUNCTION(name, resultType, resultKind, ...)                       \
  {#name, Kind::resultKind, {__VA_ARGS__}},
#include "mgpu/mgpu_abi.def"
};

static const StructInfo kStructs[] = {
#define MGPU_STRUCT_BEGIN(name)                                                \
  {                                                                            \
    {
#define MGPU_FIELD(type, kind, name) Kind::kind,
#define MGPU_STRUCT_END(name)                                                  \
  }                                                                            \
  }                                                                            \
  ,
#include "mgpu/mgpu_abi.def"
};

static Type getType(MLIRContext *context, Kind kind, unsigned intPtrBits) {
  switch (kind) {
  case Kind::Void:
    return LLVM::LLVMVoidType::get(context);
  case Kind::I8:
    return IntegerType::get(context, 8);
  case Kind::I16:
    return IntegerType::get(context, 16);
  case Kind::I32:
    return IntegerType::get(context, 32);
  case Kind::I64:
    return IntegerType::get(context, 64);
  case Kind::IntPtr:
    return IntegerType::get(context, intPtrBits);
  case Kind::Ptr:
    return LLVM::LLVMPointerType::get(context);
  case Kind::MemRef1d: {
    // As MLIR's lowering of memref<?xT> has it, so that a func.call of the
    // entry point and our declaration agree.
    Type pointer = LLVM::LLVMPointerType::get(context);
    Type index = IntegerType::get(context, intPtrBits);
    Type one = LLVM::LLVMArrayType::get(index, 1);
    return LLVM::LLVMStructType::getLiteral(
        context, {pointer, pointer, index, one, one});
  }
  }
  llvm_unreachable("unknown ABI kind");
}

static SmallVector<Type> getTypes(MLIRContext *context,
                                  std::initializer_list<Kind> kinds,
                                  unsigned intPtrBits) {
  SmallVector<Type> types;
  for (Kind kind : kinds)
    types.push_back(getType(context, kind, intPtrBits));
  return types;
}

StringRef abi::getName(EntryPoint entryPoint) {
  return kEntryPoints[static_cast<unsigned>(entryPoint)].name;
}

LLVM::LLVMFunctionType abi::getFunctionType(MLIRContext *context,
                                            EntryPoint entryPoint,
                                            unsigned intPtrBits) {
  const EntryPointInfo &info = kEntryPoints[static_cast<unsigned>(entryPoint)];
  return LLVM::LLVMFunctionType::get(
      getType(context, info.result, intPtrBits),
      getTypes(context, info.params, intPtrBits));
}

LLVM::LLVMStructType abi::getStructType(MLIRContext *context, Struct structure,
                                        unsigned intPtrBits) {
  return LLVM::LLVMStructType::getLiteral(
      context,
      getTypes(context, kStructs[static_cast<unsigned>(structure)].fields,
               intPtrBits));
}

FailureOr<LLVM::LLVMFuncOp> abi::getOrDeclare(ModuleOp module, Location loc,
                                              EntryPoint entryPoint,
                                              unsigned intPtrBits) {
  StringRef name = getName(entryPoint);
  LLVM::LLVMFunctionType type =
      getFunctionType(module.getContext(), entryPoint, intPtrBits);
  Operation *existing = module.lookupSymbol(name);
  if (!existing) {
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    return LLVM::LLVMFuncOp::create(builder, module.getLoc(), name, type);
  }
  auto function = dyn_cast<LLVM::LLVMFuncOp>(existing);
  if (!function || function.getFunctionType() != type)
    return emitError(loc) << "the symbol @" << name
                          << " is taken: the mgpu runtime's entry point of "
                             "that name has type "
                          << type;
  return function;
}
