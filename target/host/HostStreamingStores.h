//===- HostStreamingStores.h - Stores that skip the cache -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel that writes an output it never reads, as `c[i] = a[i] + b[i]`
// does, makes the CPU read each line of the output before writing it, and
// leaves the lines in the cache, where nothing reads them. For an output
// larger than the cache, that read is a quarter of a vector add's memory
// traffic: non-temporal stores skip it (host_peers' vector add of 2^24
// floats on a Zen 4 EPYC: 0.77x to 0.89x PoCL's time, 1.13x to 1.23x with
// plain stores). LLVM's loop vectorizer keeps a loop with
// `!nontemporal` stores scalar unless they are known to be aligned, and
// nothing in a kernel says that its buffers are; so, after the optimizer,
// each kernel's run function whose vector stores go only through such
// pointers gets a copy that assumes them 64-byte aligned, stores through
// them non-temporally where that makes a store aligned, and fences at its
// end. The run function takes the copy when the pointers are aligned and
// the launch's threads store at least MgpuHostBlock::streamingBytes, one
// element each.
//
//===----------------------------------------------------------------------===//

#ifndef TARGET_HOST_HOSTSTREAMINGSTORES_H
#define TARGET_HOST_HOSTSTREAMINGSTORES_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::offload::host {

/// Gives each run function of `module` (an optimized host module for
/// x86-64, whose MgpuHostKernel descriptors name them) that qualifies its
/// streaming copy. A run function with atomics, fences, or calls that may
/// touch memory (a trap's among them) keeps its stores as they are: another
/// thread could see them out of order.
void addStreamingStores(llvm::Module &module);

} // namespace mlir::offload::host

#endif // TARGET_HOST_HOSTSTREAMINGSTORES_H
