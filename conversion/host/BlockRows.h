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
// A kernel that cannot (it keeps workgroup memory, meets at barriers, or
// uses its ids otherwise), and whose threads walk memory in a grid-stride
// loop, may run several blocks of a row stacked in y instead: the call's
// thread loops run over (block, x), each block with its own workgroup
// memory and its own ids, so that one iteration of the loop reads the
// consecutive elements of all the call's blocks rather than blockDim.x of
// them, 256 KiB from the next (a histogram over a grid-stride loop).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_BLOCKROWS_H
#define OFFLOAD_CONVERSION_HOST_BLOCKROWS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

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
/// call runs together (in x, or stacked in y), whose threads are at most
/// this many (mostThreadsPerCall).
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

/// The most blocks of a row that one call of `kernel` may run stacked in y
/// (0 where it may not): a block of known size (x, 1, 1); a body of one
/// block of what canRunBlocksOfARowTogether() allows, and barriers, atomics
/// and workgroup memory of static size and the identity layout, without
/// private memory; a grid-stride loop that still runs across the threads
/// once stacked, from `base + blockIdx.x * blockDim.x + threadIdx.x` with
/// its base, bound and step the same in every block of a row, which is
/// where stacking gains; and every barrier under scf.for and scf.if whose
/// bounds and conditions are the same in every block of a row (made of the
/// kernel's arguments, constants, sizes and the block's y and z), which the
/// stacked blocks then reach together. At most 16384 threads a call, and
/// the blocks' workgroup memory within 16 KiB, half of a usual L1 cache:
/// their updates of it stay there.
int64_t countStackedBlocks(gpu::GPUFuncOp kernel);

/// The bytes that one block of stacked blocks takes of a workgroup buffer
/// of `type` aligned to `alignment`: whole multiples of the alignment, so
/// that each block's buffer is aligned.
int64_t getStackedBufferBytes(MemRefType type, int64_t alignment,
                              const DataLayout &layout);

/// Rewrites `kernel`, which countStackedBlocks() allows, for blocks stacked
/// in y: threadIdx.y and z become 0 and blockDim.y and z 1 (the sizes it
/// was compiled for), and blockIdx.x the first block's plus the thread's y,
/// its block's place among the stacked ones, which the result is (a
/// gpu.thread_id y at the top of the body).
Value stackBlocksInY(gpu::GPUFuncOp kernel);

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
