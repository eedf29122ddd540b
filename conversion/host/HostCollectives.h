//===- HostCollectives.h - Block-wide reductions on the host ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_HOSTCOLLECTIVES_H
#define OFFLOAD_CONVERSION_HOST_HOSTCOLLECTIVES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Lowers each gpu.all_reduce of `kernel` (every kind and the region form,
/// uniform or not) to barriers over a workgroup buffer: each thread stores
/// its value in its slot, thread 0 folds the slots in thread order, and every
/// thread reads the total. On a CPU a fold in one thread is cheaper than the
/// shuffle tree a GPU uses, and it keeps the code in structured control flow
/// for the thread loops (upstream's rewrite makes unstructured branches and
/// handles uniform reductions only).
LogicalResult lowerAllReduces(gpu::GPUFuncOp kernel);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_HOSTCOLLECTIVES_H
