//===- BlockMemoryPlacement.h - Where in its page a block's memory lies -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A block keeps its static workgroup memory on its worker's stack, where the
// run function's frame happens to fall: what the kernel copies into it, or
// counts in it, usually comes from its arguments' data at offsets that are
// multiples of the buffer's size. Where a buffer and the piece of data that
// its block reads lie at the same offsets in their pages, the core holds
// loads of one behind stores to the other whose low 12 address bits match
// (4K aliasing, which Intel documents; measured here on a Zen 4 EPYC): the
// same kernel took from 2.0 to 5.4 ms (a block reduction, its input copied
// through a 1 KiB tile), 3.8 or 4.5 ms (a histogram into 1 KiB of counts),
// by nothing but how deep a worker's stack was when it ran.
//
// So each buffer lies in an alloca a page larger than it is, where the
// block's function picks its start at run time, from where the data of its
// first memref argument start (kernels usually take their inputs first).
// Measured on a Zen 4 EPYC against that start: a 1 KiB tile starting on it, or
// on a multiple of 1 KiB after it, took the block reduction twice as long as
// one starting 512 bytes off; counts there took the histogram 15% longer than
// ones 1 KiB or more away. getPlacement() keeps clear of both.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_MEMORY_BLOCKMEMORYPLACEMENT_H
#define OFFLOAD_CONVERSION_HOST_MEMORY_BLOCKMEMORYPLACEMENT_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::offload {

/// The page whose offsets placeBlockBuffers() chooses from.
constexpr int64_t kBlockMemoryPageBytes = 4096;

/// The buffers of a block that placeBlockBuffers() places, at most: each
/// takes a page more of the worker's stack.
constexpr unsigned kMostPlacedBuffers = 8;

/// The smallest buffer, in bytes a block, that placeBlockBuffers() places:
/// a few values that the block shares cost no input's loads much, and
/// LLVM keeps them in registers where they stay plain allocas.
constexpr int64_t kLeastPlacedBytes = 256;

/// Replaces each of `buffers` (allocas of a block's static workgroup
/// memory, with static shapes and the identity layout, `copies` blocks'
/// each, in the function whose entry `b` inserts into), the first
/// kMostPlacedBuffers of at least kLeastPlacedBytes a block, by a view of
/// its own alloca a page larger: at getPlacement() of its bytes per block
/// past the page offset where the data of the first ranked memref in
/// `arguments` (the function's parameters) start, rounded down to its
/// alignment. (One alloca for them all cost the tiled matmul twice its
/// time: LLVM vectorized its tile copies worse.) `uniform` maps each view
/// to itself, and what it mapped to an alloca to the view. Leaves all alone
/// where no argument is a ranked memref, and a buffer aligned to a page or
/// more.
void placeBlockBuffers(OpBuilder &b, Location loc,
                       ArrayRef<memref::AllocaOp> buffers, int64_t copies,
                       ValueRange arguments, IRMapping &uniform);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_MEMORY_BLOCKMEMORYPLACEMENT_H
