//===- HostToLLVM.h - Host block functions to the LLVM dialect --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_HOSTTOLLVM_H
#define OFFLOAD_CONVERSION_HOST_HOSTTOLLVM_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::offload {

/// Converts what `module` holds once its kernels are loops over threads
/// (func, scf, cf, arith, math, memref, vector, index, gpu.printf) to the
/// LLVM dialect for the CPU: math that the CPU does in hardware or LLVM
/// knows becomes LLVM intrinsics, the rest calls to libm, gpu.printf calls
/// to printf, and every GPU address space is the CPU's one. With
/// `barePointers`, memrefs of static shape are passed as one pointer.
LogicalResult convertHostModuleToLLVM(gpu::GPUModuleOp module,
                                      bool barePointers);

/// An internal constant global holding `text` and a NUL, at the start of
/// `module`, named `prefix` or `prefix_<n>` for the first n that is free:
/// a module may hold any number of printf formats and assert messages.
LLVM::GlobalOp createStringGlobal(OpBuilder &builder, gpu::GPUModuleOp module,
                                  Location loc, StringRef prefix,
                                  StringRef text);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_HOSTTOLLVM_H
