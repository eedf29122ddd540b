//===- BlockAtomics.h - Shared-memory atomics as plain updates --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_BLOCKATOMICS_H
#define OFFLOAD_CONVERSION_HOST_BLOCKATOMICS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Makes each atomic read-modify-write of `kernel` on workgroup memory
/// (memref.atomic_rmw, memref.generic_atomic_rmw) a load, the update and a
/// store. On the host one CPU thread runs all of a block's threads, one
/// after another, and no other thread sees the block's shared memory: the
/// update is atomic as it is, and a locked instruction per update would
/// only cost (a histogram in shared memory runs about five times slower).
void makeBlockAtomicsPlain(gpu::GPUFuncOp kernel);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_BLOCKATOMICS_H
