//===- AtomicsToLLVM.h - Atomics that LLVM has no instruction for -*- C++ -*-=//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM's atomicrmw has no multiplication, and its cmpxchg compares integers
// and pointers only. Upstream's conversion to the LLVM dialect leaves
// `memref.atomic_rmw` of `muli` and `mulf` unconverted, and makes a
// `memref.generic_atomic_rmw` of floats a cmpxchg of floats, which the LLVM
// dialect refuses. Every lowering that ends in the LLVM dialect
// takes them here instead, so that all of them compile them alike: a
// compare-and-swap loop whose cmpxchg compares the element's bits as an
// integer of its size (so that -0.0 and 0.0, or NaNs of other payloads,
// are different values, as they are in memory).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_COMMON_ATOMICSTOLLVM_H
#define OFFLOAD_CONVERSION_COMMON_ATOMICSTOLLVM_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::offload {

/// `memref.atomic_rmw` of the kinds that LLVM's atomicrmw has no operation
/// for (`muli`, `mulf`) as `memref.generic_atomic_rmw` around MLIR's own
/// update of that kind.
void populateExpandAtomicRMWPatterns(RewritePatternSet &patterns);

/// `memref.generic_atomic_rmw` as a compare-and-swap loop in the LLVM
/// dialect: the element loaded as an integer of its size, the body run on
/// its value, and a cmpxchg of integers, a float's bits through bitcasts.
/// Its benefit is above upstream's pattern for the op, which makes a
/// cmpxchg of floats.
void populateGenericAtomicRMWToLLVMPatterns(const LLVMTypeConverter &converter,
                                            RewritePatternSet &patterns);

/// Fails, with one error at the op, on a `memref.generic_atomic_rmw` (or an
/// atomic that becomes one) in `root` whose element has no compare-and-swap
/// in LLVM: one whose size is not 8, 16, 32 or 64 bits.
LogicalResult checkCompareAndSwapTypes(Operation *root,
                                       const LLVMTypeConverter &converter);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_COMMON_ATOMICSTOLLVM_H
