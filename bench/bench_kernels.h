//===- bench_kernels.h - The kernels of host_kernels.mlir, from C++ -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The host functions of bench/host_kernels.mlir (llvm.emit_c_interface), as
// //bench:host_bench and //bench:vulkan_bench call them.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_BENCH_BENCH_KERNELS_H
#define OFFLOAD_BENCH_BENCH_KERNELS_H

#include <cstdint>

namespace offload::bench {

/// A memref descriptor as MLIR's C interface passes it.
template <typename T, int Rank> struct MemRef {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};

} // namespace offload::bench

extern "C" {
void _mlir_ciface_bench_vector_add(offload::bench::MemRef<float, 1> *a,
                                   offload::bench::MemRef<float, 1> *b,
                                   offload::bench::MemRef<float, 1> *c);
void _mlir_ciface_bench_block_reduce(offload::bench::MemRef<float, 1> *in,
                                     offload::bench::MemRef<float, 1> *partial);
void _mlir_ciface_bench_matmul(offload::bench::MemRef<float, 2> *a,
                               offload::bench::MemRef<float, 2> *b,
                               offload::bench::MemRef<float, 2> *c);
// The same, their kernels checking themselves (docs/checking.md).
void _mlir_ciface_bench_checked_vector_add(offload::bench::MemRef<float, 1> *a,
                                           offload::bench::MemRef<float, 1> *b,
                                           offload::bench::MemRef<float, 1> *c);
void _mlir_ciface_bench_checked_block_reduce(
    offload::bench::MemRef<float, 1> *in,
    offload::bench::MemRef<float, 1> *partial);
void _mlir_ciface_bench_checked_matmul(offload::bench::MemRef<float, 2> *a,
                                       offload::bench::MemRef<float, 2> *b,
                                       offload::bench::MemRef<float, 2> *c);
}

#endif // OFFLOAD_BENCH_BENCH_KERNELS_H
