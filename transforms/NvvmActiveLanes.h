//===- NvvmActiveLanes.h - Warp operations among the active lanes -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// On NVIDIA GPUs, the lanes of a warp that take part in a subgroup operation
// are those that are active (activemask) where it runs: every lane of a full
// warp in uniform code, fewer in the last warp of a block whose size is no
// multiple of 32, or in divergent code. shfl.sync and redux.sync name them
// in their member mask: a lane outside it is undefined to read from, and one
// inside it that never comes is waited for (a hang).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSFORMS_NVVMACTIVELANES_H
#define OFFLOAD_TRANSFORMS_NVVMACTIVELANES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::offload {

/// The active lanes of the warp, as a mask (activemask.b32).
Value activeLanes(OpBuilder &b, Location loc);

/// `value` (a scalar of at most 64 bits, or an index) through
/// `shuffleWord`, a shuffle of one 32-bit word: a narrower value goes
/// zero-extended in one word, a 64-bit one as two.
Value shuffleInWords(OpBuilder &b, Location loc, Value value,
                     function_ref<Value(Value)> shuffleWord);

/// `value` (a scalar of at most 64 bits, or an index) of lane `source`, in
/// 32-bit shfl.sync's among `active`, which must hold `source`.
Value shuffleFromLane(OpBuilder &b, Location loc, Value value, Value active,
                      Value source);

/// gpu.subgroup_reduce of a scalar among the active lanes, each cluster's
/// apart: with `redux`, redux.sync does the 32-bit integer reductions over
/// the whole subgroup that it has (sm_80 and later); the others fold in a
/// tree. A vector's must be broken into scalars first.
void populateActiveLaneReducePatterns(RewritePatternSet &patterns, bool redux);

} // namespace mlir::offload

#endif // OFFLOAD_TRANSFORMS_NVVMACTIVELANES_H
