//===- host_threads.h - The threads the host backend runs on ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_BENCH_HOST_THREADS_H
#define OFFLOAD_BENCH_HOST_THREADS_H

#include <sched.h>

#include <algorithm>
#include <cstdlib>

namespace offload::bench {

/// The threads the host backend runs a launch on, as it counts them:
/// $MGPU_HOST_THREADS, else the CPUs this process may run on.
inline unsigned CountHostThreads() {
  if (const char *value = std::getenv("MGPU_HOST_THREADS"))
    if (int requested = std::atoi(value); requested > 0)
      return static_cast<unsigned>(requested);
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    return std::max(1, CPU_COUNT(&set));
  return 1;
}

} // namespace offload::bench

#endif // OFFLOAD_BENCH_HOST_THREADS_H
