//===- LoopsAcrossThreads.h - Loops worth running across threads -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A thread loop runs each thread's code to its end before the next thread
// starts; a loop in that code runs all its iterations in one thread. When
// the loop walks a buffer along an outer dimension while the threads of the
// block walk it along the innermost one (b[k, x] in a matmul's k loop), one
// thread's iterations touch a new cache line each, while one iteration of
// every thread touches consecutive memory. Such a loop is hoisted out of the
// thread loops, as a loop holding a barrier is: each iteration runs every
// thread, consecutive threads access consecutive elements, and LLVM
// vectorizes across them. Without a barrier in it any order of the
// threads' iterations is one a GPU may run, so the result is the same.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_THREADS_LOOPSACROSSTHREADS_H
#define OFFLOAD_CONVERSION_HOST_THREADS_LOOPSACROSSTHREADS_H

#include "conversion/host/threads/ThreadValues.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::offload::threadloops {

/// Whether `loop`, at block level and without a barrier or exchange in it,
/// is better run with the thread loop inside it: its bounds are the same in
/// every thread, its body is straight-line loads, stores and arithmetic,
/// and it accesses a buffer outside shared memory at an index whose
/// innermost subscript follows the thread's x id and another one follows
/// the loop's induction variable.
bool isWorthRunningAcrossThreads(scf::ForOp loop, const ThreadValues &values);

/// A buffer that a grid-stride loop walks outside shared memory at
/// `[indices..., i]`, the other indices the same in every thread and
/// defined before the loop, its innermost dimension contiguous in elements
/// of `elementBytes`.
struct StridedWalk {
  Value memref;
  SmallVector<Value> indices;
  int64_t elementBytes;
  bool isWrite;
};

/// A grid-stride loop rewritten: `loops`, in order, and what its threads'
/// iteration k accesses together, at `i = base + id + k * step` for the
/// thread whose place among the `span` threads that start together is
/// `id`: each of `walks`, in `span` consecutive elements from `base + k *
/// step`. `spansRows`: the ids run over the block's rows of threads (a
/// flattened id), each row's threads `blockDimX` consecutive elements of
/// them; otherwise over x alone.
struct GridStrideLoops {
  SmallVector<scf::ForOp, 2> loops;
  Value base, span, step;
  bool spansRows = false;
  SmallVector<StridedWalk> walks;
};

/// A grid-stride loop, `for (i = base + threadIdx.x; i < n; i += stride)`
/// (or from `threadIdx.x` alone, or from a flattened id `(u + threadIdx.y)
/// * blockDimX + threadIdx.x`, whose threads start at `u * blockDimX` plus
/// their place in the block's rows) with `base`, `u`, `n` and `stride` the
/// same in every thread, whose body is straight-line code that reads or
/// writes a buffer outside shared memory at `[..., i]`: one thread's
/// iterations are `stride` elements apart, one iteration of every thread is
/// consecutive. Rewritten, at the loop, as the same iterations of each
/// thread in two loops whose bounds are the same in every thread, with `i =
/// lower + k * stride`, where `lower` is the thread's own lower bound: `for
/// (k = 0; k < all; ++k)`, the iterations that every thread of the block
/// has, then `for (k = all; k < most; ++k) if (lower < n && k * stride < n -
/// lower)`, where `most` is the most iterations of any thread, all in
/// arithmetic that cannot wrap: each thread runs exactly the iterations
/// lower <= i < n of its own loop, whatever its bounds, and tests its
/// bounds in the last few only. No loops if `loop` is not such a loop.
GridStrideLoops rewriteGridStrideLoop(scf::ForOp loop,
                                      const ThreadValues &values,
                                      Value blockDimX, Value blockDimY);

} // namespace mlir::offload::threadloops

#endif // OFFLOAD_CONVERSION_HOST_THREADS_LOOPSACROSSTHREADS_H
