//===- SpirvStridedMemRefs.h - Memrefs of strides known at launch -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVSTRIDEDMEMREFS_H
#define OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVSTRIDEDMEMREFS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"

namespace mlir::offload {

/// Whether a SPIR-V array (of a 32-bit count) holds the elements of `type`:
/// at most 2^32 - 1, or a dynamic number (a runtime array).
bool fitsSpirvArray(MemRefType type);

/// Whether SPIR-V's conversion can index `type` itself: static strides and
/// offset, and a static shape of at most 2^32 - 1 elements or a dynamic one
/// (SPIR-V's arrays hold 32-bit counts; upstream's type conversion truncates
/// a larger one). Otherwise the kernel ABI indexes it with its descriptor's,
/// as a runtime array.
bool isIndexedBySpirv(MemRefType type);

/// Rewrites every use of `memref`, a kernel parameter whose strides or
/// offset are known at launch only, to read `flat` (the same memory as a
/// memref of one dimension) at the element that `offset` and `strides` give,
/// and memref.dim to `sizes`: the loads, stores and atomics that SPIR-V's
/// conversion cannot index with dynamic strides. Any other use is an error.
LogicalResult linearizeStridedMemRef(Value memref, Value flat, Value offset,
                                     ArrayRef<Value> sizes,
                                     ArrayRef<Value> strides);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVSTRIDEDMEMREFS_H
