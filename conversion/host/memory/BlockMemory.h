//===- BlockMemory.h - Memory the runtime gives a block ---------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_MEMORY_BLOCKMEMORY_H
#define OFFLOAD_CONVERSION_HOST_MEMORY_BLOCKMEMORY_H

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

namespace mlir::offload {

/// The alignment of the buffers that a block keeps on its worker's stack
/// (its static shared memory, the values that its threads keep across a
/// barrier or exchange): a cache line, so that no vector access of the
/// thread loops straddles two lines.
constexpr int64_t kBlockBufferAlignment = 64;

/// The bytes from one element of type `element` to the next in memory, as
/// LLVM's address arithmetic steps: its size rounded up to its ABI
/// alignment (an i48 takes 8 bytes, an f80 16).
int64_t getElementStride(Type element, const DataLayout &layout);

/// A memref<?xi8> in `memorySpace` over `bytes` (i64) bytes at `pointer`
/// (!llvm.ptr): memory that the runtime hands a block in its MgpuHostBlock
/// (the dynamic shared memory, the threads' private memory), as a
/// descriptor made of the pointer and size, which the conversion to LLVM
/// sees through.
Value wrapBlockMemory(OpBuilder &b, Location loc, Value pointer, Value bytes,
                      Attribute memorySpace);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_MEMORY_BLOCKMEMORY_H
