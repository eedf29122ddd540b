//===- failing_allocations.cc - operator new that fails on demand ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/failing_allocations.h"

#include <cstdlib>
#include <new>

namespace {
/// Allocations left before the one that throws; -1: none throws.
thread_local long allocationsUntilFailure = -1;
} // namespace

namespace mgpu::testing {

void FailAllocationAfter(long count) { allocationsUntilFailure = count; }

bool TakeAllocationFailure() {
  bool failed = allocationsUntilFailure < 0;
  allocationsUntilFailure = -1;
  return failed;
}

} // namespace mgpu::testing

void *operator new(std::size_t size) {
  if (allocationsUntilFailure >= 0 && allocationsUntilFailure-- == 0)
    throw std::bad_alloc();
  if (void *memory = std::malloc(size ? size : 1))
    return memory;
  throw std::bad_alloc();
}

void operator delete(void *memory) noexcept { std::free(memory); }

void operator delete(void *memory, std::size_t) noexcept { std::free(memory); }
