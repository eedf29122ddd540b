//===- RuntimeAbi.h - The mgpu runtime's ABI as LLVM types ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The compiler's view of offload_runtime/include/mgpu/mgpu_abi.def: every
// entry point and shared struct, generated from that table, with the LLVM
// dialect types that compiled code uses to call and fill them. Adding an
// entry point to the table adds it here.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_ABI_RUNTIMEABI_H
#define OFFLOAD_ABI_RUNTIMEABI_H

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir::LLVM {
class LLVMFuncOp;
} // namespace mlir::LLVM

namespace mlir::offload::abi {

/// The runtime's entry points, in the order of mgpu_abi.def.
enum class EntryPoint : unsigned {
#define MGPU_FUNCTION(name, ...) name,
#include "mgpu/mgpu_abi.def"
};

/// The structs that compiled code shares with the runtime.
enum class Struct : unsigned {
#define MGPU_STRUCT_BEGIN(name) name,
#include "mgpu/mgpu_abi.def"
};

/// The fields of each struct, in order: `MgpuObjectField::size`.
#define MGPU_STRUCT_BEGIN(name)                                                \
  namespace name##Field {                                                      \
    enum : unsigned {
#define MGPU_FIELD(type, kind, name) name,
#define MGPU_STRUCT_END(name)                                                  \
  }                                                                            \
  ;                                                                            \
  }
#include "mgpu/mgpu_abi.def"

/// The C name of `entryPoint`: "mgpuLaunchKernel".
StringRef getName(EntryPoint entryPoint);

/// The LLVM function type of `entryPoint` for a target whose intptr_t has
/// `intPtrBits` bits.
LLVM::LLVMFunctionType getFunctionType(MLIRContext *context,
                                       EntryPoint entryPoint,
                                       unsigned intPtrBits);

/// The LLVM struct type of `structure` (unnamed, not packed: C layout).
LLVM::LLVMStructType getStructType(MLIRContext *context, Struct structure,
                                   unsigned intPtrBits);

/// The declaration of `entryPoint` in `module`, added at its end if missing.
/// A symbol of that name that is not this function is an error at `loc`.
FailureOr<LLVM::LLVMFuncOp> getOrDeclare(ModuleOp module, Location loc,
                                         EntryPoint entryPoint,
                                         unsigned intPtrBits);

} // namespace mlir::offload::abi

#endif // OFFLOAD_ABI_RUNTIMEABI_H
