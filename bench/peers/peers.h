//===- peers.h - host_peers' kernels, in every column ----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The entry points of three of host_peers' columns: the host target's
// (kernels.mlir; host_kernels.mlir's in bench_kernels.h), MLIR's OpenMP
// route's (omp_route.mlir) and the C++ loops' (clang_loops.cc). The fourth,
// PoCL, is kernels.cl, run by opencl_peer.h.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_BENCH_PEERS_PEERS_H
#define OFFLOAD_BENCH_PEERS_PEERS_H

#include "bench/bench_kernels.h"

#include <cstdint>

namespace offload::bench {
using Vector = MemRef<float, 1>;
using Matrix = MemRef<float, 2>;
using Ints = MemRef<int32_t, 1>;
} // namespace offload::bench

extern "C" {
using offload::bench::Ints;
using offload::bench::Matrix;
using offload::bench::Vector;

// The host target, through offload-lower-to-host and libmgpu.so.
void _mlir_ciface_peer_matmul_naive(Matrix *a, Matrix *b, Matrix *c);
void _mlir_ciface_peer_jacobi(Matrix *in, Matrix *out);
void _mlir_ciface_peer_histogram(Ints *in, Ints *hist, int64_t blocks);
void _mlir_ciface_peer_softmax(Matrix *in, Matrix *out);
void _mlir_ciface_peer_empty(int64_t blocks);

// MLIR's OpenMP route: scf.parallel through convert-scf-to-openmp.
void _mlir_ciface_omp_vector_add(Vector *a, Vector *b, Vector *c);
void _mlir_ciface_omp_block_reduce(Vector *in, Vector *partial);
void _mlir_ciface_omp_matmul_naive(Matrix *a, Matrix *b, Matrix *c);
void _mlir_ciface_omp_matmul_tiled(Matrix *a, Matrix *b, Matrix *c);
void _mlir_ciface_omp_jacobi(Matrix *in, Matrix *out);
void _mlir_ciface_omp_histogram(Ints *in, Ints *hist, int64_t chunks);
void _mlir_ciface_omp_softmax(Matrix *in, Matrix *out);
void _mlir_ciface_omp_empty(int64_t threads);

// clang++-22 -O3 -fopenmp loops.
void loops_vector_add(const float *a, const float *b, float *c, int64_t n);
void loops_block_reduce(const float *in, float *partial, int64_t blocks);
void loops_matmul(const float *a, const float *b, float *c, int64_t n);
void loops_jacobi(const float *in, float *out, int64_t n);
void loops_histogram(const int32_t *in, int32_t *hist, int64_t n);
void loops_softmax(const float *in, float *out, int64_t rows, int64_t cols);
void loops_empty();
/// The threads an OpenMP parallel region starts with.
int loops_max_threads();
/// How long libomp's idle threads spin before they sleep (KMP_BLOCKTIME),
/// for the regions the calling thread starts from now on.
void loops_set_blocktime(int milliseconds);
}

#endif // OFFLOAD_BENCH_PEERS_PEERS_H
