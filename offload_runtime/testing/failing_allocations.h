//===- failing_allocations.h - operator new that fails on demand -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Linked into a test, this replaces the global operator new: the calling
// thread's Nth allocation from now throws std::bad_alloc, as it would when
// memory runs out, so that tests can check that no exception leaves the
// runtime's C ABI and that every failure is reported. Other threads, and
// the thread once the failure happened, allocate as usual.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTING_FAILING_ALLOCATIONS_H
#define OFFLOAD_RUNTIME_TESTING_FAILING_ALLOCATIONS_H

namespace mgpu::testing {

/// Makes the calling thread's allocation number `count` (0 is the next one)
/// throw; -1 makes none throw.
void FailAllocationAfter(long count);

/// Whether the allocation set to fail has failed (or none was set); clears
/// the setting.
bool TakeAllocationFailure();

} // namespace mgpu::testing

#endif // OFFLOAD_RUNTIME_TESTING_FAILING_ALLOCATIONS_H
