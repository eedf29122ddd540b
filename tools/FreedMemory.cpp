//===- FreedMemory.cpp - Keep freed memory for the next compile -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/FreedMemory.h"

#include <cstdlib>
#include <cstring>

#ifdef __GLIBC__
#include <malloc.h>
#endif

void mlir::offload::keepFreedMemory() {
#ifdef __GLIBC__
  const char *tunables = std::getenv("GLIBC_TUNABLES");
  if (tunables && std::strstr(tunables, "glibc.malloc."))
    return;
  constexpr int kMiB = 1 << 20;
  // The largest mmap threshold glibc accepts on 64-bit hosts; blocks above
  // it are rare and are mapped anew anyway.
  mallopt(M_MMAP_THRESHOLD, 32 * kMiB);
  mallopt(M_TRIM_THRESHOLD, 256 * kMiB);
#endif
}
