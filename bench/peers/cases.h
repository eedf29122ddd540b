//===- cases.h - host_peers' kernels, ready to run in each column -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_BENCH_PEERS_CASES_H
#define OFFLOAD_BENCH_PEERS_CASES_H

#include "bench/peers/opencl_peer.h"

#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace offload::bench {

enum Column { kOurs, kPocl, kOmpRoute, kLoops, kColumns };

/// A buffer the host target, the OpenMP route and the loops share (device
/// memory of libmgpu.so's host backend, which is host memory), and its copy
/// on PoCL's device.
struct SharedBuffer {
  void *host = nullptr;
  cl_mem device = nullptr;
  size_t bytes = 0;
};

/// One kernel: a call of it in each column, inputs already in place, and
/// the output that check() compares with the reference.
struct Case {
  std::string name;
  /// Whether the kernel runs at its full size, rather than on a quarter of
  /// its elements.
  bool full = true;
  std::array<std::function<void()>, kColumns> run;
  SharedBuffer output;
  /// The first element of `got` (the output, as `column` left it) that
  /// differs from the reference, described; empty if none.
  std::function<std::string(const void *got)> compare;
};

/// The kernels whose names `chosen` accepts, each on a quarter of its
/// elements and then at its full size (`quick`: small sizes, for the smoke
/// test).
std::vector<Case>
MakeCases(OpenClPeer &peer, bool quick,
          const std::function<bool(const std::string &)> &chosen);

/// An empty kernel over `threads` blocks of one thread, an empty
/// scf.parallel of `threads` iterations, an empty `omp parallel` region and
/// an empty OpenCL kernel over `threads` work-groups of one.
Case MakeEmptyCase(OpenClPeer &peer, unsigned threads);

} // namespace offload::bench

#endif // OFFLOAD_BENCH_PEERS_CASES_H
