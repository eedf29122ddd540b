//===- host_launch.cc - Kernel launches on the CPU ------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/host_launch.h"

#include "offload_runtime/host/kernel_check.h"
#include "offload_runtime/host/streaming_stores.h"
#include "offload_runtime/host/thread_pool.h"
#include "offload_runtime/launch_geometry.h"

#include <algorithm>
#include <atomic>
#include <csetjmp>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <unistd.h>
#include <vector>

namespace mgpu::host {
namespace {

/// Memory a worker gives each block it runs, kept for the next. A block
/// that needs a quarter of it or less gives it back first: one launch's
/// gigabytes of private memory do not stay with every worker.
class BlockMemory {
public:
  /// At least `bytes` bytes, aligned to MGPU_HOST_BLOCK_MEMORY_ALIGNMENT;
  /// null when `bytes` is 0 or there is no memory.
  void *Get(size_t bytes) {
    constexpr size_t kAlignment = MGPU_HOST_BLOCK_MEMORY_ALIGNMENT;
    constexpr size_t kAlwaysKept = 1 << 20;
    if (bytes <= size && (size <= kAlwaysKept || bytes > size / 4))
      return bytes ? memory : nullptr;
    std::free(memory);
    memory = nullptr;
    size = 0;
    if (bytes) {
      memory = std::aligned_alloc(kAlignment, (bytes + kAlignment - 1) /
                                                  kAlignment * kAlignment);
      size = memory ? bytes : 0;
    }
    return memory;
  }
  ~BlockMemory() {
    std::free(memory);
    // A launch that a later destructor of the thread runs gets new memory.
    memory = nullptr;
    size = 0;
  }

private:
  void *memory = nullptr;
  size_t size = 0;
};

/// What a worker keeps for the blocks it runs.
struct WorkerState {
  std::jmp_buf trapped;
  std::string message;
  BlockMemory shared, privates;
};
thread_local WorkerState workerState;

/// A kernel thread's failed cf.assert: never returns.
[[noreturn]] void Trap(const MgpuHostBlock *block, const char *message,
                       uint32_t x, uint32_t y, uint32_t z) {
  auto *state = static_cast<WorkerState *>(block->runtime);
  state->message =
      StrCat(message, " (block (", block->blockIdX, ", ", block->blockIdY, ", ",
             block->blockIdZ, "), thread (", x, ", ", y, ", ", z, "))");
  std::longjmp(state->trapped, 1);
}

/// The machine's memory in bytes; 0 when it cannot be told.
uint64_t PhysicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), pageBytes = sysconf(_SC_PAGESIZE);
  return pages > 0 && pageBytes > 0 ? uint64_t(pages) * uint64_t(pageBytes) : 0;
}

/// One launch as its blocks run: what every block shares, and the first
/// failure, which stops the blocks not yet started.
struct Grid {
  const HostKernel &kernel;
  const LaunchConfig &config;
  void **params;
  /// Threads per block, and private memory per block.
  uint64_t threads;
  size_t privateBytes;
  /// What its checks found, for a checked kernel; null otherwise.
  CheckFindings *findings;
  /// MgpuHostBlock::streamingBytes.
  uint64_t streamingBytes;
  std::atomic<bool> failed{false};
  std::mutex failureMutex;
  Status failure;

  /// Records `status` unless a block failed first.
  void Fail(Status status) {
    std::lock_guard<std::mutex> lock(failureMutex);
    if (!failed.exchange(true))
      failure = std::move(status);
  }
};

/// The block that `block` describes, for the blocks of a range to run
/// with: the same memory (reused from block to block, as a worker always
/// did), the same trap. False, and the launch failed, when there is no
/// memory for it.
bool PrepareBlock(Grid &grid, WorkerState &state, MgpuHostBlock &block) {
  const LaunchConfig &config = grid.config;
  config.SetGridAndBlock(block);
  block.clusterDimX = config.cluster[0];
  block.clusterDimY = config.cluster[1];
  block.clusterDimZ = config.cluster[2];
  block.sharedMemoryBytes = config.sharedMemoryBytes;
  block.sharedMemory = state.shared.Get(config.sharedMemoryBytes);
  block.privateMemory = state.privates.Get(grid.privateBytes);
  block.trap = Trap;
  block.runtime = &state;
  block.streamingBytes = grid.streamingBytes;
  if (grid.findings)
    BeginCheckedBlocks(*grid.findings, block);
  bool noShared = config.sharedMemoryBytes && !block.sharedMemory;
  bool noPrivate = grid.privateBytes && !block.privateMemory;
  if (!noShared && !noPrivate)
    return true;
  std::string missing;
  if (noShared)
    missing =
        StrCat(config.sharedMemoryBytes, " bytes of dynamic shared memory");
  if (noPrivate)
    missing += StrCat(missing.empty() ? "" : " and ", grid.privateBytes,
                      " bytes of private memory (",
                      grid.kernel.descriptor->privateBytes,
                      grid.threads == 1 ? " for its one thread)"
                                        : StrCat(" for each of its ",
                                                 grid.threads, " threads)"));
  grid.Fail(RuntimeError(MGPU_ERROR_OUT_OF_MEMORY,
                         StrCat("a kernel failed: kernel '", grid.kernel.name,
                                "': out of memory for a block's ", missing)));
  return false;
}

/// The blocks that one call of a kernel's run function runs at most: enough
/// threads that the call's own cost (its parameters loaded, its stack
/// frame) is nothing next to them, few enough that once a block fails, the
/// other workers' blocks that have not started do not start.
uint64_t BlocksPerCall(uint64_t threadsPerBlock) {
  constexpr uint64_t kThreadsPerCall = 16384;
  return std::max<uint64_t>(1, kThreadsPerCall / threadsPerBlock);
}

/// Runs the blocks [begin, end) of a checked kernel one call each: its
/// checks begin and end with each block.
void RunCheckedBlocks(Grid &grid, MgpuHostBlock &block, uint64_t begin,
                      uint64_t end) {
  const uint32_t gx = grid.config.grid[0], gy = grid.config.grid[1];
  MgpuHostKernelFn run = grid.kernel.descriptor->run;
  for (uint64_t index = begin; index < end; ++index) {
    if (grid.failed.load(std::memory_order_relaxed))
      return;
    block.blockIdX = static_cast<uint32_t>(index % gx);
    block.blockIdY = static_cast<uint32_t>(index / gx % gy);
    block.blockIdZ = static_cast<uint32_t>(index / (uint64_t(gx) * gy));
    BeginCheckedBlock(block);
    run(grid.params, &block, index, index + 1);
    EndCheckedBlock(block);
  }
}

/// Runs the blocks [begin, end) of `grid` (in the order of their linear
/// index, x fastest) on this thread, until one fails. What does not change
/// from block to block (the block's description, its memory, the trap's
/// setjmp) is done once for the range.
void RunBlocks(Grid &grid, uint64_t begin, uint64_t end) {
  if (grid.failed.load(std::memory_order_relaxed))
    return; // the launch failed: the blocks left do not start
  WorkerState &state = workerState;
  MgpuHostBlock block = {};
  if (!PrepareBlock(grid, state, block))
    return;
  // A block's trap returns here, with the block's message: the range's
  // later blocks do not start. Nothing that the loop changes is read after.
  if (setjmp(state.trapped) != 0) {
    grid.Fail(RuntimeError(MGPU_ERROR_ASSERT,
                           StrCat("a kernel failed: ", state.message)));
    return;
  }
  if (grid.findings)
    return RunCheckedBlocks(grid, block, begin, end);
  MgpuHostKernelFn run = grid.kernel.descriptor->run;
  const uint64_t step = BlocksPerCall(grid.threads);
  for (uint64_t first = begin; first < end; first += step) {
    if (grid.failed.load(std::memory_order_relaxed))
      return;
    run(grid.params, &block, first, std::min(end, first + step));
  }
}

Status RunGrid(const HostKernel &kernel, const LaunchConfig &config,
               void **params) {
  const uint64_t threads =
      uint64_t(config.block[0]) * config.block[1] * config.block[2];
  std::optional<CheckFindings> findings;
  if (kernel.descriptor->checked)
    findings.emplace(kernel.name, config.grid, config.block);
  // The backend started only with a valid value: Create() checked it.
  const StatusOr<uint64_t> &streamingBytes = GetStreamingBytes();
  // At most 1024 threads of at most 2 GiB each: no overflow.
  Grid grid{kernel,
            config,
            params,
            threads,
            threads * kernel.descriptor->privateBytes,
            findings ? &*findings : nullptr,
            streamingBytes.ok() ? *streamingBytes : 0};
  const uint64_t blocks =
      uint64_t(config.grid[0]) * config.grid[1] * config.grid[2];
  ThreadPool::Get().ParallelFor(blocks, [&](uint64_t begin, uint64_t end) {
    RunBlocks(grid, begin, end);
  });
  if (findings) {
    // A failed assert stopped the launch first; what the checks found
    // until then is reported all the same.
    Status checked = findings->Finish();
    if (!grid.failed)
      return checked;
  }
  return std::move(grid.failure);
}

/// A launch on its stream: the kernel, its geometry and its parameters,
/// copied (the caller may reuse their storage at once), in one allocation
/// for the usual few parameters.
class LaunchTask final : public HostStream::Task {
public:
  LaunchTask(const HostKernel &kernel, const LaunchConfig &config,
             void **params)
      : kernel(kernel), config(config) {
    const MgpuHostKernel &descriptor = *kernel.descriptor;
    size_t total = 0;
    for (uint32_t i = 0; i < descriptor.paramCount; ++i)
      total += Padded(descriptor.paramSizes[i]);
    char *next = storage;
    pointers = inlinePointers;
    if (total > sizeof(storage))
      next = (heapStorage = std::make_unique<char[]>(total)).get();
    if (descriptor.paramCount > kInlineParams)
      pointers =
          (heapPointers = std::make_unique<void *[]>(descriptor.paramCount))
              .get();
    for (uint32_t i = 0; i < descriptor.paramCount; ++i) {
      std::memcpy(next, params[i], descriptor.paramSizes[i]);
      pointers[i] = next;
      next += Padded(descriptor.paramSizes[i]);
    }
  }

  Status Run() override { return RunGrid(kernel, config, pointers); }

private:
  static constexpr size_t kAlignment = MGPU_HOST_PARAM_ALIGNMENT;
  static_assert(kAlignment <= alignof(std::max_align_t));
  static constexpr size_t kInlineParams = 16;

  static size_t Padded(size_t bytes) {
    return (bytes + kAlignment - 1) / kAlignment * kAlignment;
  }

  const HostKernel &kernel;
  const LaunchConfig config;
  void **pointers;
  void *inlinePointers[kInlineParams];
  // operator new[] and new of this class align to max_align_t.
  alignas(kAlignment) char storage[kInlineParams * kAlignment];
  std::unique_ptr<char[]> heapStorage;
  std::unique_ptr<void *[]> heapPointers;
};

} // namespace

Status QueueLaunch(HostStream &stream, const HostKernel &kernel,
                   const LaunchConfig &config, const KernelParams &params,
                   bool callerWaits) {
  const MgpuHostKernel &descriptor = *kernel.descriptor;
  MGPU_RETURN_IF_ERROR(
      CheckKernelParams(kernel.name, descriptor.paramCount, params));
  // The kernel's code takes these sizes as constants: another size would run
  // the wrong threads, or read the wrong grid size.
  const uint32_t knownBlock[3] = {descriptor.knownBlockDimX,
                                  descriptor.knownBlockDimY,
                                  descriptor.knownBlockDimZ};
  const uint32_t knownGrid[3] = {descriptor.knownGridDimX,
                                 descriptor.knownGridDimY,
                                 descriptor.knownGridDimZ};
  if (knownBlock[0] && !std::equal(knownBlock, knownBlock + 3, config.block))
    return CompiledSizeError(kernel.name, /*grid=*/false, knownBlock,
                             config.block);
  if (knownGrid[0] && !std::equal(knownGrid, knownGrid + 3, config.grid))
    return CompiledSizeError(kernel.name, /*grid=*/true, knownGrid,
                             config.grid);
  if (config.sharedMemoryBytes > kMaxSharedMemoryBytes)
    return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                        StrCat("the launch asks for ", config.sharedMemoryBytes,
                               " bytes of dynamic shared memory; the host "
                               "backend allows at most ",
                               kMaxSharedMemoryBytes));
  // As a GPU's launch fails at once when the local memory of its threads
  // cannot be had, rather than as its blocks start: a block that needs more
  // than the machine has would fail every time.
  const uint64_t threads =
      uint64_t(config.block[0]) * config.block[1] * config.block[2];
  const uint64_t privateBytes = threads * descriptor.privateBytes;
  static const uint64_t physicalBytes = PhysicalMemoryBytes();
  if (physicalBytes && privateBytes > physicalBytes)
    return RuntimeError(
        MGPU_ERROR_OUT_OF_MEMORY,
        StrCat("kernel '", kernel.name, "': a block of ", threads,
               " threads needs ", privateBytes, " bytes of private memory (",
               descriptor.privateBytes,
               " for each thread), more than this machine's ", physicalBytes));
  if (callerWaits && stream.RunNowIfIdle(kernel.name.c_str(), [&] {
        return RunGrid(kernel, config, params.params);
      }))
    return OkStatus();
  stream.Enqueue(kernel.name.c_str(),
                 std::make_unique<LaunchTask>(kernel, config, params.params));
  return OkStatus();
}

} // namespace mgpu::host
