//===- host_launch.cc - Kernel launches on the CPU ------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/host_launch.h"

#include "offload_runtime/host/thread_pool.h"

#include <atomic>
#include <csetjmp>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
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
  ~BlockMemory() { std::free(memory); }

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

/// The parameters of one launch, copied.
struct Arguments {
  std::unique_ptr<char[]> storage;
  std::vector<void *> pointers;
};

Arguments CopyArguments(const MgpuHostKernel &kernel, void **params) {
  constexpr size_t kAlignment = MGPU_HOST_PARAM_ALIGNMENT;
  static_assert(kAlignment <= alignof(std::max_align_t));
  size_t total = 0;
  for (uint32_t i = 0; i < kernel.paramCount; ++i)
    total += (kernel.paramSizes[i] + kAlignment - 1) / kAlignment * kAlignment;
  Arguments arguments;
  // operator new[] aligns to max_align_t.
  arguments.storage.reset(new char[total + 1]);
  char *next = arguments.storage.get();
  for (uint32_t i = 0; i < kernel.paramCount; ++i) {
    std::memcpy(next, params[i], kernel.paramSizes[i]);
    arguments.pointers.push_back(next);
    next += (kernel.paramSizes[i] + kAlignment - 1) / kAlignment * kAlignment;
  }
  return arguments;
}

Status RunGrid(const HostKernel &kernel, const LaunchConfig &config,
               void **params) {
  const uint64_t gx = config.grid[0], gy = config.grid[1];
  const uint64_t blocks = gx * gy * config.grid[2];
  std::atomic<bool> failed{false};
  std::mutex failureMutex;
  Status failure;
  MgpuHostKernelFn run = kernel.descriptor->run;
  const uint64_t threads =
      uint64_t(config.block[0]) * config.block[1] * config.block[2];
  // At most 1024 threads of at most 2 GiB each: no overflow.
  const size_t privateBytes = threads * kernel.descriptor->privateBytes;
  ThreadPool::Get().ParallelFor(blocks, [&](uint64_t index) {
    if (failed.load(std::memory_order_relaxed))
      return; // the launch failed: the blocks left do not start
    WorkerState &state = workerState;
    MgpuHostBlock block = {};
    block.blockIdX = static_cast<uint32_t>(index % gx);
    block.blockIdY = static_cast<uint32_t>(index / gx % gy);
    block.blockIdZ = static_cast<uint32_t>(index / (gx * gy));
    block.gridDimX = config.grid[0];
    block.gridDimY = config.grid[1];
    block.gridDimZ = config.grid[2];
    block.blockDimX = config.block[0];
    block.blockDimY = config.block[1];
    block.blockDimZ = config.block[2];
    block.clusterDimX = config.cluster[0];
    block.clusterDimY = config.cluster[1];
    block.clusterDimZ = config.cluster[2];
    block.sharedMemoryBytes = config.sharedMemoryBytes;
    block.sharedMemory = state.shared.Get(config.sharedMemoryBytes);
    block.privateMemory = state.privates.Get(privateBytes);
    std::string missing;
    if (config.sharedMemoryBytes && !block.sharedMemory)
      missing =
          StrCat(config.sharedMemoryBytes, " bytes of dynamic shared memory");
    if (privateBytes && !block.privateMemory)
      missing += StrCat(
          missing.empty() ? "" : " and ", privateBytes,
          " bytes of private memory (", kernel.descriptor->privateBytes,
          threads == 1 ? " for its one thread)"
                       : StrCat(" for each of its ", threads, " threads)"));
    if (!missing.empty()) {
      std::lock_guard<std::mutex> lock(failureMutex);
      if (!failed.exchange(true))
        failure =
            RuntimeError(CUDA_ERROR_OUT_OF_MEMORY,
                         StrCat("a kernel failed: kernel '", kernel.name,
                                "': out of memory for a block's ", missing));
      return;
    }
    block.trap = Trap;
    block.runtime = &state;
    if (setjmp(state.trapped) == 0) {
      run(params, &block);
      return;
    }
    std::lock_guard<std::mutex> lock(failureMutex);
    if (!failed.exchange(true))
      failure = RuntimeError(CUDA_ERROR_ASSERT,
                             StrCat("a kernel failed: ", state.message));
  });
  return failure;
}

} // namespace

Status QueueLaunch(HostStream &stream, const HostKernel &kernel,
                   const LaunchConfig &config, void **params) {
  const MgpuHostKernel &descriptor = *kernel.descriptor;
  if (descriptor.paramCount && !params)
    return RuntimeError(CUDA_ERROR_INVALID_VALUE,
                        StrCat("kernel '", kernel.name, "' takes ",
                               descriptor.paramCount,
                               " parameters, and the launch passes none"));
  if (config.sharedMemoryBytes > kMaxSharedMemoryBytes)
    return RuntimeError(CUDA_ERROR_INVALID_VALUE,
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
        CUDA_ERROR_OUT_OF_MEMORY,
        StrCat("kernel '", kernel.name, "': a block of ", threads,
               " threads needs ", privateBytes, " bytes of private memory (",
               descriptor.privateBytes,
               " for each thread), more than this machine's ", physicalBytes));
  auto arguments =
      std::make_shared<Arguments>(CopyArguments(descriptor, params));
  stream.Enqueue(kernel.name.c_str(), [&kernel, config, arguments] {
    return RunGrid(kernel, config, arguments->pointers.data());
  });
  return OkStatus();
}

} // namespace mgpu::host
