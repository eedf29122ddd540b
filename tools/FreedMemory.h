//===- FreedMemory.h - Keep freed memory for the next compile ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TOOLS_FREEDMEMORY_H
#define OFFLOAD_TOOLS_FREEDMEMORY_H

namespace mlir::offload {

/// Has malloc keep the memory that a compile frees for the next one, rather
/// than return it to the kernel at once. Each module serialized builds and
/// frees an LLVM context and the PTX assembler's state, tens of MB a thread;
/// by default glibc unmaps the large blocks and trims the heaps, and the next
/// module faults every page in again, zeroed: a third of the page faults of
/// offload-opt, and ~5% of its time on the benchmark of bench/. For
/// short-lived compiler processes only. A GLIBC_TUNABLES setting of malloc's
/// own wins.
void keepFreedMemory();

} // namespace mlir::offload

#endif // OFFLOAD_TOOLS_FREEDMEMORY_H
