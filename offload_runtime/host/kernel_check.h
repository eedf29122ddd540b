//===- kernel_check.h - The checks of checked host kernels ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A host kernel compiled with checks (`offload-lower-gpu-to-host{check}`,
// docs/checking.md) tests each access against its memref's bounds itself,
// and calls the hooks of MgpuHostBlock::check for what needs the block's
// history: each access to workgroup memory (races between its threads,
// reads of bytes that no thread wrote), each gpu.barrier, and the values
// that decide whether a thread reaches a barrier (which must be the same in
// every thread). A worker keeps a shadow of its block's workgroup memory:
// for each byte, who last wrote it since the last barrier, and who read it.
//
// The threads of a block run one after another on their worker, in the
// thread loops' order, so what the shadow sees is exact: every pair of
// accesses that a GPU could run in either order, and no other. Each finding
// is one line on stderr, at most kMaxReportedFindings lines per launch and
// a count of the rest; the launch then fails, unless MGPU_HOST_CHECK=report.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_KERNEL_CHECK_H
#define OFFLOAD_RUNTIME_HOST_KERNEL_CHECK_H

#include "offload_runtime/status.h"

#include "mgpu/mgpu.h"

#include <cstdint>
#include <mutex>
#include <string>

namespace mgpu::host {

/// The most findings of one launch that are printed, each on its line.
constexpr uint64_t kMaxReportedFindings = 10;

/// What one launch's blocks found, from any worker.
class CheckFindings {
public:
  explicit CheckFindings(const std::string &kernel) : kernel(kernel) {}

  /// Counts a finding of `block`, and prints it if it is one of the first.
  void Report(const MgpuHostBlock &block, const std::string &finding);

  /// Once the launch's blocks have run: prints how many findings were not
  /// printed; then the launch's failure if there were any (and
  /// MGPU_HOST_CHECK is not 'report'), OK otherwise.
  Status Finish();

private:
  const std::string &kernel;
  std::mutex mutex;
  uint64_t count = 0;
  std::string first;
};

/// The hooks that checked kernels call, for MgpuHostBlock::check.
const MgpuHostCheckHooks *GetCheckHooks();

/// Before a worker runs a range of a launch's blocks: where they report.
void BeginCheckedBlocks(CheckFindings &findings);

/// Before each block: a new history, in which nothing is written, and the
/// block's dynamic shared memory.
void BeginCheckedBlock(const MgpuHostBlock &block);

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_KERNEL_CHECK_H
