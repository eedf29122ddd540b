//===- BlockRows.h - Blocks of a row of the grid run together ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel whose threads are independent of one another and of their block,
// but for their global id in x, may run several consecutive blocks of a row
// of the grid (the same y and z) as one block that many times as wide in x:
// its threads' loop in x then runs over whole rows of the blocks' elements
// (a stencil of blocks 32 wide runs as fast as a loop over its rows) rather
// than starting again every blockDim.x threads.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_BLOCKROWS_H
#define OFFLOAD_CONVERSION_HOST_BLOCKROWS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <optional>

namespace mlir::offload {

/// A global id, `blockIdx.d * blockDim.d + threadIdx.d` in one dimension d,
/// either way round each (what gpu.global_id becomes): its sum, its product
/// `blockIdx.d * blockDim.d`, and d.
struct GlobalId {
  arith::AddIOp sum;
  arith::MulIOp blockStart;
  gpu::Dimension dim;
};
/// `op` as a global id, if it is one.
std::optional<GlobalId> matchGlobalId(Operation *op);

/// On a kernel's function (i64): its second parameter (index) is how many
/// blocks of a row, from the one whose place the MgpuHostBlock holds, the
/// call runs together, whose threads are at most this many
/// (mostThreadsPerCall).
constexpr llvm::StringLiteral kBlocksInXAttrName = "offload.host_blocks_in_x";

/// Whether `kernel` may run the blocks of a row together: its body is one
/// block of arithmetic, math, structured control flow, vector operations,
/// and loads and stores of memory outside the block; it has neither
/// workgroup nor private memory, barriers, subgroup operations, atomics,
/// prints nor asserts (whose order across blocks would change); and its
/// threadIdx.x and blockIdx.x appear only in `blockIdx.x * blockDim.x +
/// threadIdx.x` (at least once: blocks that do not use it do the same work
/// either way), which is the same whether the blocks run apart or together.
bool canRunBlocksOfARowTogether(gpu::GPUFuncOp kernel);

/// The most threads that one call of `function`, a kernel's function whose
/// thread loops are built, may run: the arrays that it keeps per thread on
/// the worker's stack (values carried across a loop hoisted out of the
/// thread loops), whose length is the call's threads, may take 4 MiB, an
/// eighth of the stack, where a block of 1024 threads alone could take all
/// of what the stack leaves beside the block's shared memory. (With
/// nothing kept per thread, INT32_MAX: the runtime bounds a call's threads
/// itself.)
int64_t mostThreadsPerCall(func::FuncOp function);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_BLOCKROWS_H
