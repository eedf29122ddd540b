//===- kernel_check.h - The checks of checked host kernels ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A host kernel compiled with checks (`offload-lower-gpu-to-host{check}`,
// docs/checking.md) tests each access against its memref's bounds itself,
// and calls the hooks of MgpuHostBlock::check for what needs the history of
// the block or of the launch: each access to workgroup memory (races between
// the block's threads, reads of bytes that no thread wrote), each access to
// global memory (races between blocks), each gpu.barrier, and the values
// that decide whether a thread reaches a barrier (which must be the same in
// every thread).
//
// A worker keeps a shadow of its block's workgroup memory: for each byte,
// who last wrote it since the last barrier, and who read it. The threads of
// a block run one after another on their worker, in the thread loops' order,
// so what the shadow sees is exact: every pair of accesses that a GPU could
// run in either order, and no other. A block's accesses to global memory are
// kept as runs of bytes (consecutive accesses of one kind merge), and once
// every block has run, runs of two blocks that overlap, one of them writing
// and not both atomically, are races; a launch whose runs are too many
// (kMaxGlobalRuns) is not checked for them, and says so.
//
// Each finding is one line on stderr, at most kMaxReportedFindings lines per
// launch and a count of the rest; the launch then fails, unless
// MGPU_HOST_CHECK=report.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_KERNEL_CHECK_H
#define OFFLOAD_RUNTIME_HOST_KERNEL_CHECK_H

#include "offload_runtime/status.h"

#include "mgpu/mgpu.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace mgpu::host {

/// The most findings of one launch that are printed, each on its line.
constexpr uint64_t kMaxReportedFindings = 10;

/// The most runs of global memory that one launch keeps to find races
/// between its blocks (at 40 bytes each).
constexpr size_t kMaxGlobalRuns = size_t(1) << 22;

/// Bytes [begin, end) of global memory that one block accessed in one way,
/// from `site`, first by `thread` (its linear index in the block).
struct GlobalRun {
  uintptr_t begin, end;
  const char *site;
  uint64_t block;
  uint32_t thread;
  bool write, atomic;
};

/// What one launch's blocks found, from any worker.
class CheckFindings {
public:
  CheckFindings(const std::string &kernel, const uint32_t grid[3],
                const uint32_t block[3])
      : kernel(kernel), grid{grid[0], grid[1], grid[2]},
        blockDims{block[0], block[1], block[2]} {}

  /// Counts a finding of the block (x, y, z), and prints it if it is one of
  /// the first.
  void Report(uint32_t x, uint32_t y, uint32_t z, const std::string &finding);

  /// Keeps a block's runs of global memory (and empties `runs`).
  void AddGlobalRuns(std::vector<GlobalRun> &runs);

  /// Once the launch's blocks have run: finds the races between them,
  /// prints how many findings were not printed; then the launch's failure if
  /// there were any (and MGPU_HOST_CHECK is not 'report'), OK otherwise.
  Status Finish();

  /// "thread (x, y, z)" of a thread's linear index in its block.
  std::string Thread(uint32_t linear) const;

private:
  void FindGlobalRaces();
  void ReportGlobalRace(const GlobalRun &second, const GlobalRun &first);

  const std::string &kernel;
  const uint32_t grid[3], blockDims[3];
  std::mutex mutex;
  uint64_t count = 0;
  std::string first;
  std::vector<GlobalRun> globalRuns;
  bool tooManyRuns = false;
};

/// Before a worker runs a range of a launch's blocks: where `block` (the
/// worker's description of them) reports, and its hooks.
void BeginCheckedBlocks(CheckFindings &findings, MgpuHostBlock &block);

/// Before each block: a new history, in which nothing is written, and the
/// block's dynamic shared memory.
void BeginCheckedBlock(const MgpuHostBlock &block);

/// After each block that returned: its runs of global memory.
void EndCheckedBlock(const MgpuHostBlock &block);

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_KERNEL_CHECK_H
