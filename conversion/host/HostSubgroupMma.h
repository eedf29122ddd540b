//===- HostSubgroupMma.h - Warp matrix operations on the host ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A GPU spreads a `!gpu.mma_matrix<MxNxT, ...>` over the lanes of a warp;
// on the host every lane holds all of it, as a vector<M*N x T> in row-major
// order, so that each lane computes what the warp computes:
//
// - `gpu.subgroup_mma_load_matrix` gathers the tile's elements, element
//   (r, c) at `r * leadDimension + c` from the element at its indices
//   (`c * leadDimension + r` with `transpose`), and `store_matrix` scatters
//   them there (every lane writes the same values);
// - `gpu.subgroup_mma_compute` is C + A * B: the operands extended to f32
//   (f64 if one is f64; i32 for integers, by their signedness), one fused
//   multiply-add per k from 0 to K - 1; an f16 C is rounded to f16 after
//   each pair of k, as GPUs' matrix units keep such an accumulator
//   (docs/host-target.md). f16 products are exact in f32, so the result is
//   the exact sum wherever the partial sums are exact in C's type, whatever
//   order a tensor core adds them in; f32 operands are multiplied in full
//   (tf32 tensor cores ignore their 13 lowest mantissa bits);
// - `constant_matrix` splats its value, and `elementwise` applies its op to
//   each element (maxf and minf propagate NaN, as the NVVM lowering's do).
//
// The lanes of a warp meet at each load and store: the gathers and scatters
// are the points where the thread loops split the warp (ThreadLoops.h), so
// that a lane's load sees what the other lanes stored before it, and no
// lane's store undoes what another lane wrote after the warp's store, as on
// a GPU whose warp runs the op together.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_HOSTSUBGROUPMMA_H
#define OFFLOAD_CONVERSION_HOST_HOSTSUBGROUPMMA_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Lowers the warp matrix operations of `kernel` to vector ops, each lane
/// holding whole matrices. Adds to `warpSynchronous` the ops at which the
/// lanes of a warp must meet (the loads' gathers and the stores' scatters).
/// Reports, at the op, what the host target cannot lower: a matrix in a
/// memref of vectors, a constant of a signed or unsigned integer type.
LogicalResult lowerSubgroupMma(gpu::GPUFuncOp kernel,
                               SmallVectorImpl<Operation *> &warpSynchronous);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_HOSTSUBGROUPMMA_H
