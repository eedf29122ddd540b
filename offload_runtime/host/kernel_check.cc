//===- kernel_check.cc - The checks of checked host kernels ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/kernel_check.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_map>
#include <vector>

namespace mgpu::host {
namespace {

/// Whether findings fail the launch (MGPU_HOST_CHECK is unset or 'fail')
/// or are only reported ('report').
bool FindingsFailLaunches() {
  static const bool fail = [] {
    const char *value = std::getenv("MGPU_HOST_CHECK");
    if (!value || !*value || !std::strcmp(value, "fail"))
      return true;
    if (!std::strcmp(value, "report"))
      return false;
    std::fprintf(stderr,
                 "mgpu: MGPU_HOST_CHECK='%s' is neither 'fail' nor 'report'; "
                 "using 'fail'\n",
                 value);
    return true;
  }();
  return fail;
}

/// One byte of workgroup memory, as the block's accesses left it. Threads
/// are counted from 1 (their linear index + 1), 0 being none.
struct ShadowByte {
  /// The block (its serial) that last wrote the byte; 0: none.
  uint64_t writtenBlock = 0;
  /// The interval between barriers of the accesses below; older ones are
  /// ordered before any access now, and forgotten.
  uint64_t interval = 0;
  /// The last thread that wrote the byte, and the one before it if another
  /// (atomics, which do not race with each other): a read races with one
  /// of them unless both are the reader.
  uint32_t writer = 0, otherWriter = 0;
  /// Two threads that read the byte: a writer other than both races with
  /// one of them.
  uint32_t reader = 0, otherReader = 0;
  bool writerAtomic = false, otherWriterAtomic = false;
  const char *writerSite = nullptr, *otherWriterSite = nullptr;
  const char *readerSite = nullptr;
};

/// A buffer of workgroup memory and its shadow, made on first access.
struct Region {
  const char *base;
  uint64_t bytes;
  bool active;
  std::vector<ShadowByte> shadow;
};

/// What decides whether the threads of a block reach a barrier, as the
/// first thread to get there saw it.
struct UniformValue {
  int64_t value;
  uint32_t thread;
  uint32_t count;
  bool reported;
};

/// A worker's state for the block it runs.
struct BlockChecker {
  CheckFindings *findings = nullptr;
  const MgpuHostBlock *block = nullptr;
  uint64_t serial = 0, interval = 0;
  uint32_t threads = 1;
  std::vector<Region> regions;
  std::unordered_map<const char *, UniformValue> uniforms;

  uint32_t Linear(uint32_t x, uint32_t y, uint32_t z) const {
    return (z * block->blockDimY + y) * block->blockDimX + x;
  }

  std::string Thread(uint32_t linear) const {
    uint32_t x = linear % block->blockDimX;
    uint32_t y = linear / block->blockDimX % block->blockDimY;
    uint32_t z = linear / block->blockDimX / block->blockDimY;
    return StrCat("thread (", x, ", ", y, ", ", z, ")");
  }

  void Report(const std::string &kind, uint32_t thread,
              const std::string &what) {
    findings->Report(*block, StrCat(kind, ", ", Thread(thread), ": ", what));
  }

  void Activate(const char *base, uint64_t bytes) {
    if (!base || !bytes)
      return;
    for (Region &region : regions)
      if (region.base == base && region.bytes == bytes) {
        region.active = true;
        return;
      }
    regions.push_back({base, bytes, true, {}});
  }

  Region *Find(const char *address, uint64_t bytes) {
    for (Region &region : regions)
      if (region.active && address >= region.base &&
          uint64_t(address - region.base) + bytes <= region.bytes)
        return &region;
    return nullptr;
  }
};
thread_local BlockChecker checker;

std::string Bytes(uint64_t count) {
  return count == 1 ? "1 byte" : StrCat(count, " bytes");
}

void CheckRegion(const MgpuHostBlock *, void *base, uint64_t bytes) {
  checker.Activate(static_cast<const char *>(base), bytes);
}

void CheckAccess(const MgpuHostBlock *, const char *site, void *address,
                 uint64_t bytes, uint32_t flags, uint32_t x, uint32_t y,
                 uint32_t z) {
  BlockChecker &c = checker;
  const char *at = static_cast<const char *>(address);
  Region *region = c.Find(at, bytes);
  // Outside the block's workgroup memory: the access's bounds check has
  // reported it, or a memref was made of memory that is not the block's.
  if (!region)
    return;
  if (region->shadow.empty())
    region->shadow.resize(region->bytes);
  const bool write = flags & MGPU_HOST_CHECK_WRITE;
  const bool atomic = flags & MGPU_HOST_CHECK_ATOMIC;
  const bool reads = !write || atomic, writes = write || atomic;
  const uint32_t thread = c.Linear(x, y, z), self = thread + 1;
  const uint64_t offset = uint64_t(at - region->base);
  bool uninitialized = false, raced = false;
  for (uint64_t i = 0; i < bytes; ++i) {
    ShadowByte &s = region->shadow[offset + i];
    if (s.interval != c.interval) {
      s.interval = c.interval;
      s.writer = s.otherWriter = s.reader = s.otherReader = 0;
    }
    if (reads && s.writtenBlock != c.serial && !uninitialized) {
      uninitialized = true;
      c.Report("uninitialized shared memory", thread,
               StrCat(site, ": reads ", Bytes(bytes), " at byte ", offset,
                      " of a ", Bytes(region->bytes),
                      " buffer of workgroup memory, of which byte ", offset + i,
                      " was not written by any thread of the block since the "
                      "launch"));
    }
    if (!raced) {
      const char *verb = atomic  ? "updates atomically"
                         : write ? "writes"
                                 : "reads";
      uint32_t other = 0;
      const char *otherSite = nullptr, *otherVerb = nullptr;
      if (s.writer && s.writer != self && !(atomic && s.writerAtomic)) {
        other = s.writer;
        otherSite = s.writerSite;
        otherVerb = s.writerAtomic ? "updated atomically" : "wrote";
      } else if (s.otherWriter && s.otherWriter != self &&
                 !(atomic && s.otherWriterAtomic)) {
        other = s.otherWriter;
        otherSite = s.otherWriterSite;
        otherVerb = s.otherWriterAtomic ? "updated atomically" : "wrote";
      } else if (writes) {
        uint32_t reader = s.reader != self ? s.reader : s.otherReader;
        if (reader && reader != self) {
          other = reader;
          otherSite = s.readerSite;
          otherVerb = "read";
        }
      }
      if (other) {
        raced = true;
        c.Report("shared-memory race", thread,
                 StrCat(site, ": ", verb, " byte ", offset + i, " of a ",
                        Bytes(region->bytes),
                        " buffer of workgroup memory, which ",
                        c.Thread(other - 1), " ", otherVerb, " at ", otherSite,
                        ", with no gpu.barrier between them"));
      }
    }
    if (writes) {
      if (s.writer && s.writer != self) {
        s.otherWriter = s.writer;
        s.otherWriterAtomic = s.writerAtomic;
        s.otherWriterSite = s.writerSite;
      }
      s.writer = self;
      s.writerAtomic = atomic;
      s.writerSite = site;
      s.writtenBlock = c.serial;
    } else if (!s.reader) {
      s.reader = self;
      s.readerSite = site;
    } else if (s.reader != self && !s.otherReader) {
      s.otherReader = self;
    }
  }
}

void CheckBounds(const MgpuHostBlock *, const char *site, uint32_t dimension,
                 int64_t index, int64_t extent, int64_t size, uint32_t x,
                 uint32_t y, uint32_t z) {
  BlockChecker &c = checker;
  std::string elements =
      extent == 1 ? StrCat("index ", index)
                  : StrCat("indices ", index, " to ", index + (extent - 1));
  c.Report("out-of-bounds access", c.Linear(x, y, z),
           StrCat(site, ": ", elements, " in dimension ", dimension,
                  ", whose size is ", size,
                  "; the access was skipped (a load gives 0)"));
}

void CheckUniform(const MgpuHostBlock *, const char *site, int64_t value,
                  uint32_t x, uint32_t y, uint32_t z) {
  BlockChecker &c = checker;
  const uint32_t thread = c.Linear(x, y, z);
  auto [it, first] =
      c.uniforms.try_emplace(site, UniformValue{value, thread, 0, false});
  UniformValue &seen = it->second;
  if (!first && seen.value != value && !seen.reported) {
    seen.reported = true;
    c.Report("barrier divergence", thread,
             StrCat(site, " is ", value, " here and ", seen.value, " in ",
                    c.Thread(seen.thread),
                    ": the threads of a block do not all reach the same "
                    "gpu.barrier (the block ran as its first thread decided)"));
  }
  // Every thread of the block passes here once for each time the block
  // does.
  if (++seen.count == c.threads)
    c.uniforms.erase(it);
}

void CheckBarrier(const MgpuHostBlock *, uint32_t x, uint32_t y, uint32_t z) {
  // The first thread of the block runs first after a barrier: the accesses
  // before it are ordered before any that follows.
  if (checker.Linear(x, y, z) == 0)
    ++checker.interval;
}

const MgpuHostCheckHooks kHooks = {CheckRegion, CheckAccess, CheckBounds,
                                   CheckUniform, CheckBarrier};

} // namespace

void CheckFindings::Report(const MgpuHostBlock &block,
                           const std::string &finding) {
  std::string line =
      StrCat("offload-check: ", finding, " (kernel '", kernel, "', block (",
             block.blockIdX, ", ", block.blockIdY, ", ", block.blockIdZ, "))");
  std::lock_guard<std::mutex> lock(mutex);
  if (count++ == 0)
    first = line;
  if (count <= kMaxReportedFindings)
    std::fprintf(stderr, "%s\n", line.c_str());
}

Status CheckFindings::Finish() {
  std::lock_guard<std::mutex> lock(mutex);
  if (!count)
    return OkStatus();
  if (count > kMaxReportedFindings)
    std::fprintf(stderr,
                 "offload-check: %llu more findings in this launch of kernel "
                 "'%s' not shown\n",
                 static_cast<unsigned long long>(count - kMaxReportedFindings),
                 kernel.c_str());
  if (!FindingsFailLaunches())
    return OkStatus();
  return RuntimeError(
      MGPU_ERROR_LAUNCH_FAILED,
      StrCat("a kernel failed: kernel '", kernel, "': its checks found ",
             count == 1 ? std::string("a problem") : StrCat(count, " problems"),
             " (set MGPU_HOST_CHECK=report to only report them); the first: ",
             first));
}

const MgpuHostCheckHooks *GetCheckHooks() { return &kHooks; }

void BeginCheckedBlocks(CheckFindings &findings) {
  checker.findings = &findings;
}

void BeginCheckedBlock(const MgpuHostBlock &block) {
  BlockChecker &c = checker;
  c.block = &block;
  c.threads = block.blockDimX * block.blockDimY * block.blockDimZ;
  ++c.serial;
  ++c.interval;
  c.uniforms.clear();
  // Buffers of blocks long gone (a stack moved, dynamic shared memory
  // reallocated) are not kept for ever.
  if (c.regions.size() > 16)
    c.regions.clear();
  for (Region &region : c.regions)
    region.active = false;
  c.Activate(static_cast<const char *>(block.sharedMemory),
             block.sharedMemoryBytes);
}

} // namespace mgpu::host
