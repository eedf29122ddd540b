//===- kernel_check.cc - The checks of checked host kernels ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/kernel_check.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <unordered_map>

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

std::string Bytes(uint64_t count) {
  return count == 1 ? "1 byte" : StrCat(count, " bytes");
}

std::string Hex(uintptr_t value) {
  char text[2 + 2 * sizeof(value) + 1];
  std::snprintf(text, sizeof(text), "0x%llx",
                static_cast<unsigned long long>(value));
  return text;
}

/// What the block's accesses since the last barrier did to one granule of
/// workgroup memory: 4 bytes of a buffer that only whole, aligned 4-byte
/// units were accessed in, else 1 byte. The bytes of a granule have had the
/// same accesses, so its history is theirs. Threads are counted from 1 (their
/// linear index + 1), 0 being none.
struct Shadow {
  /// The interval between barriers (its low 32 bits) of the accesses below;
  /// older ones are ordered before any access now, and forgotten.
  uint32_t interval = 0;
  /// The block (its serial's low 32 bits) that last wrote the granule; 0:
  /// none.
  uint32_t writtenBlock = 0;
  /// The last thread that wrote the granule, and the one before it if another
  /// (atomics, which do not race with each other): a read races with one of
  /// them unless both are the reader. kAtomic marks an atomic update.
  uint32_t writer = 0, otherWriter = 0;
  /// Two threads that read the granule: a writer other than both races with
  /// one of them.
  uint32_t reader = 0, otherReader = 0;
  const char *writerSite = nullptr, *otherWriterSite = nullptr;
  const char *readerSite = nullptr, *otherReaderSite = nullptr;

  static constexpr uint32_t kAtomic = uint32_t(1) << 31;
  static uint32_t Thread(uint32_t who) { return who & ~kAtomic; }
  static bool Atomic(uint32_t who) { return who & kAtomic; }
};

/// A buffer of workgroup memory and the shadow of its granules, made on
/// first access.
struct Region {
  const char *base;
  uint64_t bytes;
  bool active;
  /// log2 of the granule's bytes: 2 until an access narrower than 4 bytes or
  /// not at a multiple of 4, then 0.
  unsigned granuleShift;
  std::vector<Shadow> shadow;

  /// Makes the shadow one of single bytes, each with its granule's history.
  void SplitGranules() {
    const unsigned shift = granuleShift;
    granuleShift = 0;
    // A shadow not made yet is made of bytes at once.
    if (shadow.empty())
      return;
    std::vector<Shadow> bytesShadow(bytes);
    for (uint64_t i = 0; i < bytes; ++i)
      bytesShadow[i] = shadow[i >> shift];
    shadow = std::move(bytesShadow);
  }
};

/// One access to workgroup memory, granule by granule, and what it found:
/// each access reports at most one finding of each kind.
struct GranuleAccess {
  const Region &region;
  const char *site;
  uint64_t offset, bytes;
  bool write, atomic;
  uint32_t self;
  bool uninitialized = false, raced = false;
};

/// A loop's reads of workgroup memory (MgpuHostCheckAccessesFn), in an
/// interval, after some number of writes.
struct ReadSpan {
  const char *address;
  uint64_t bytes;
  int64_t stride;
  uint64_t count;
  uint32_t interval;
  uint64_t writes;

  bool operator==(const ReadSpan &other) const {
    return address == other.address && bytes == other.bytes &&
           stride == other.stride && count == other.count &&
           interval == other.interval && writes == other.writes;
  }
};

/// What decides whether the threads of a block reach a barrier, as the
/// first thread to get there saw it.
struct UniformValue {
  int64_t value;
  uint32_t thread;
  uint32_t count;
  bool reported;
};

/// A worker's state for the block it runs, which MgpuHostBlock::checkState
/// points at.
class BlockChecker {
public:
  void BeginBlocks(CheckFindings &launch) { findings = &launch; }
  void BeginBlock(const MgpuHostBlock &block);
  void EndBlock();

  void Activate(const char *base, uint64_t bytes);
  void Access(const char *site, const char *address, uint64_t bytes,
              uint32_t flags, uint32_t thread);
  void Accesses(const char *site, const char *address, uint64_t bytes,
                uint32_t flags, int64_t stride, uint64_t count,
                uint32_t thread);
  /// An access of run `run` that does not follow on from its end.
  void NewRun(uint32_t run, const char *site, uintptr_t address, uint64_t bytes,
              uint32_t flags, uint32_t thread);
  /// The runs of MgpuHostBlock::checkRuns.
  MgpuHostCheckRun *Runs() { return extendedRuns; }
  void OutOfBounds(const char *site, uint32_t dimension, int64_t index,
                   int64_t extent, int64_t size, uint32_t thread);
  void Uniform(const char *site, int64_t value, uint32_t thread);
  void Barrier(uint32_t thread) {
    // The first thread of the block runs first after a barrier: the
    // accesses before it are ordered before any that follows.
    if (thread == 0)
      NextInterval();
  }

  uint32_t Linear(uint32_t x, uint32_t y, uint32_t z) const {
    return (z * blockDimY + y) * blockDimX + x;
  }

private:
  void Report(const std::string &kind, uint32_t thread,
              const std::string &what) {
    findings->Report(blockId[0], blockId[1], blockId[2],
                     StrCat(kind, ", ", findings->Thread(thread), ": ", what));
  }
  void NextInterval();
  Region *Find(const char *address, uint64_t bytes);
  [[gnu::always_inline]] void AccessShared(Region &region, const char *site,
                                           const char *address, uint64_t bytes,
                                           uint32_t flags, uint32_t thread);
  /// Whether every granule of a loop's reads has been read by two threads
  /// since the last barrier, written by the block before, and not since.
  bool SettledReads(const Region &region, const char *address, uint64_t bytes,
                    int64_t stride, uint64_t count) const;
  /// What is done to one granule and not its fast path's: findings, and
  /// the granule's new history.
  [[gnu::noinline]] void Update(GranuleAccess &access, Shadow &s,
                                uint64_t byte);
  bool ReportRace(const GranuleAccess &access, const Shadow &s, uint64_t byte);
  void AccessGlobal(const char *site, uintptr_t address, uint64_t bytes,
                    uint32_t flags, uint32_t thread);

  CheckFindings *findings = nullptr;
  /// The block's place and size, copied when it begins: the kernel's run
  /// function takes its MgpuHostBlock as noalias, so nothing but the
  /// pointers that the hooks are passed may read it while it runs.
  uint32_t blockId[3] = {}, blockDimX = 1, blockDimY = 1;
  uint64_t linearBlock = 0;
  /// The block's serial and the interval between its barriers: what the
  /// shadow's granules are compared with, 32 bits wide as theirs are.
  uint32_t serial = 0, interval = 0;
  uint32_t threads = 1;
  std::vector<Region> regions;
  /// The region that the last access to workgroup memory was in.
  Region *lastRegion = nullptr;
  /// Writes and atomic updates of workgroup memory so far.
  uint64_t sharedWrites = 0;
  /// Loops' reads of workgroup memory after which more of the same, from
  /// any thread, change nothing: while the interval and the writes are the
  /// same (SettledReads).
  static constexpr unsigned kReadSpanBits = 6;
  ReadSpan readSpans[1u << kReadSpanBits] = {};
  std::unordered_map<const char *, UniformValue> uniforms;
  /// The block's runs of global memory: the few still growing, and those
  /// done.
  static constexpr unsigned kOpenRuns = 8;
  GlobalRun open[kOpenRuns];
  unsigned openRuns = 0, nextClosed = 0;
  std::vector<GlobalRun> runs;
  /// The runs that kernels extend themselves (MgpuHostBlock::checkRuns):
  /// each of one access op, which began it.
  MgpuHostCheckRun extendedRuns[MGPU_HOST_CHECK_RUNS];
  struct RunStart {
    const char *site;
    uint32_t thread, flags;
  } runStarts[MGPU_HOST_CHECK_RUNS];
  void FlushRun(uint32_t run);
};
thread_local BlockChecker workerChecker;

BlockChecker &CheckerOf(const MgpuHostBlock *block) {
  return *static_cast<BlockChecker *>(block->checkState);
}

void BlockChecker::BeginBlock(const MgpuHostBlock &b) {
  blockId[0] = b.blockIdX;
  blockId[1] = b.blockIdY;
  blockId[2] = b.blockIdZ;
  blockDimX = b.blockDimX;
  blockDimY = b.blockDimY;
  threads = b.blockDimX * b.blockDimY * b.blockDimZ;
  linearBlock =
      (uint64_t(b.blockIdZ) * b.gridDimY + b.blockIdY) * uint64_t(b.gridDimX) +
      b.blockIdX;
  if (++serial == 0) {
    // What blocks of the serials to come wrote is no one's.
    for (Region &region : regions)
      for (Shadow &s : region.shadow)
        s.writtenBlock = 0;
    serial = 1;
  }
  NextInterval();
  uniforms.clear();
  // A block that failed an assert left its runs: its launch failed.
  openRuns = 0;
  runs.clear();
  for (MgpuHostCheckRun &run : extendedRuns)
    run = {UINT64_MAX, UINT64_MAX};
  // Buffers of blocks long gone (a stack moved, dynamic shared memory
  // reallocated) are not kept for ever.
  if (regions.size() > 16)
    regions.clear();
  lastRegion = nullptr;
  for (Region &region : regions)
    region.active = false;
  Activate(static_cast<const char *>(b.sharedMemory), b.sharedMemoryBytes);
}

void BlockChecker::EndBlock() {
  for (uint32_t run = 0; run < MGPU_HOST_CHECK_RUNS; ++run)
    FlushRun(run);
  runs.insert(runs.end(), open, open + openRuns);
  openRuns = 0;
  if (!runs.empty())
    findings->AddGlobalRuns(runs);
}

void BlockChecker::Activate(const char *base, uint64_t bytes) {
  if (!base || !bytes)
    return;
  for (Region &region : regions)
    if (region.base == base && region.bytes == bytes) {
      region.active = true;
      return;
    }
  regions.push_back({base, bytes, true, 2, {}});
  lastRegion = nullptr;
}

void BlockChecker::NextInterval() {
  if (++interval != 0)
    return;
  // Every granule's accesses are of intervals before the ones to come.
  for (Region &region : regions)
    for (Shadow &s : region.shadow)
      s.interval = 0;
  for (ReadSpan &span : readSpans)
    span = {};
  interval = 1;
}

Region *BlockChecker::Find(const char *address, uint64_t bytes) {
  auto holds = [&](const Region &region) {
    return region.active && address >= region.base &&
           uint64_t(address - region.base) + bytes <= region.bytes;
  };
  if (lastRegion && holds(*lastRegion))
    return lastRegion;
  for (Region &region : regions)
    if (holds(region))
      return lastRegion = &region;
  return nullptr;
}

void BlockChecker::Access(const char *site, const char *address, uint64_t bytes,
                          uint32_t flags, uint32_t thread) {
  if (flags & MGPU_HOST_CHECK_GLOBAL)
    return AccessGlobal(site, reinterpret_cast<uintptr_t>(address), bytes,
                        flags, thread);
  // Outside the block's workgroup memory: a memref was made of memory that
  // is not the block's (its bounds check saw to the rest).
  if (Region *region = Find(address, bytes))
    AccessShared(*region, site, address, bytes, flags, thread);
}

inline void BlockChecker::AccessShared(Region &region, const char *site,
                                       const char *address, uint64_t bytes,
                                       uint32_t flags, uint32_t thread) {
  const uint64_t offset = uint64_t(address - region.base);
  if (region.granuleShift && ((offset | bytes) & 3))
    region.SplitGranules();
  const unsigned shift = region.granuleShift;
  if (region.shadow.empty())
    region.shadow.resize(((region.bytes - 1) >> shift) + 1);
  const bool write = flags & MGPU_HOST_CHECK_WRITE;
  const bool atomic = flags & MGPU_HOST_CHECK_ATOMIC;
  if (write || atomic)
    ++sharedWrites;
  const uint32_t self = thread + 1;
  Shadow *first = &region.shadow[offset >> shift];
  Shadow *last = first + (bytes >> shift);
  GranuleAccess access{region, site, offset, bytes, write, atomic, self};
  for (Shadow *granule = first; granule != last; ++granule) {
    Shadow &s = *granule;
    if (s.interval != interval) {
      s.interval = interval;
      s.writer = s.otherWriter = s.reader = s.otherReader = 0;
    }
    // Most accesses meet a granule that the block wrote, and that since the
    // last barrier only their thread touched, or that only threads read:
    // nothing to report, nothing to change.
    if (s.writtenBlock == serial && !s.otherWriter) {
      if (!write && !atomic && (!s.writer || s.writer == self) &&
          (s.reader == self || s.otherReader))
        continue;
      if (write && !atomic && s.writer == self && !s.otherReader &&
          (!s.reader || s.reader == self))
        continue;
    }
    Update(access, s, offset + (uint64_t(granule - first) << shift));
  }
}

void BlockChecker::Accesses(const char *site, const char *address,
                            uint64_t bytes, uint32_t flags, int64_t stride,
                            uint64_t count, uint32_t thread) {
  if (!count)
    return;
  // The same element, again and again, is one access.
  if (!stride)
    count = 1;
  // Consecutive elements of global memory are one run, whichever way the
  // loop walks them.
  const uint64_t step = stride < 0 ? 0 - uint64_t(stride) : uint64_t(stride);
  const char *lowest =
      stride < 0 ? address + stride * int64_t(count - 1) : address;
  if ((flags & MGPU_HOST_CHECK_GLOBAL) && step == bytes)
    return AccessGlobal(site, reinterpret_cast<uintptr_t>(lowest),
                        bytes * count, flags, thread);
  const uint64_t span = step * (count - 1) + bytes;
  Region *region =
      flags & MGPU_HOST_CHECK_GLOBAL ? nullptr : Find(lowest, span);
  if (!region) {
    for (uint64_t i = 0; i < count; ++i)
      Access(site, address + stride * int64_t(i), bytes, flags, thread);
    return;
  }
  const bool plainRead =
      !(flags & (MGPU_HOST_CHECK_WRITE | MGPU_HOST_CHECK_ATOMIC));
  ReadSpan key{address, bytes, stride, count, interval, sharedWrites};
  // Fibonacci hashing: the high bits of the product depend on every bit
  // of the address, not only the low ones that a buffer's rows share.
  const uint64_t hash = (reinterpret_cast<uintptr_t>(address) ^
                         (uint64_t(stride) << 32) ^ count) *
                        0x9e3779b97f4a7c15ull;
  ReadSpan &cached = readSpans[hash >> (64 - kReadSpanBits)];
  // Two threads have read each of these granules since the last barrier,
  // which the block wrote, and none wrote them since: another read changes
  // nothing, and finds nothing.
  if (plainRead && cached == key)
    return;
  for (uint64_t i = 0; i < count; ++i)
    AccessShared(*region, site, address + stride * int64_t(i), bytes, flags,
                 thread);
  if (plainRead && SettledReads(*region, address, bytes, stride, count))
    cached = key;
}

bool BlockChecker::SettledReads(const Region &region, const char *address,
                                uint64_t bytes, int64_t stride,
                                uint64_t count) const {
  const unsigned shift = region.granuleShift;
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t offset =
        uint64_t(address + stride * int64_t(i) - region.base);
    const Shadow *first = &region.shadow[offset >> shift];
    for (const Shadow *s = first, *end = first + (bytes >> shift); s != end;
         ++s)
      if (s->interval != interval || s->writtenBlock != serial || s->writer ||
          s->otherWriter || !s->otherReader)
        return false;
  }
  return true;
}

void BlockChecker::Update(GranuleAccess &access, Shadow &s, uint64_t byte) {
  const bool reads = !access.write || access.atomic;
  const bool writes = access.write || access.atomic;
  const uint32_t self = access.self;
  if (reads && s.writtenBlock != serial && !access.uninitialized) {
    access.uninitialized = true;
    Report("uninitialized shared memory", self - 1,
           StrCat(access.site, ": reads ", Bytes(access.bytes), " at byte ",
                  access.offset, " of a ", Bytes(access.region.bytes),
                  " buffer of workgroup memory, of which byte ", byte,
                  " was not written by any thread of the block since the "
                  "launch"));
  }
  if (!access.raced)
    access.raced = ReportRace(access, s, byte);
  if (writes) {
    if (s.writer && Shadow::Thread(s.writer) != self) {
      s.otherWriter = s.writer;
      s.otherWriterSite = s.writerSite;
    }
    s.writer = access.atomic ? self | Shadow::kAtomic : self;
    s.writerSite = access.site;
    s.writtenBlock = serial;
  } else if (!s.reader) {
    s.reader = self;
    s.readerSite = access.site;
  } else if (s.reader != self && !s.otherReader) {
    s.otherReader = self;
    s.otherReaderSite = access.site;
  }
}

bool BlockChecker::ReportRace(const GranuleAccess &access, const Shadow &s,
                              uint64_t byte) {
  const bool write = access.write, atomic = access.atomic;
  const bool writes = write || atomic;
  const uint32_t self = access.self;
  // The other thread that touched the granule since the last barrier, if
  // the two race.
  auto racesWith = [&](uint32_t writer) {
    return writer && Shadow::Thread(writer) != self &&
           !(atomic && Shadow::Atomic(writer));
  };
  uint32_t other = 0;
  const char *otherSite = nullptr, *otherVerb = nullptr;
  if (racesWith(s.writer)) {
    other = Shadow::Thread(s.writer);
    otherSite = s.writerSite;
    otherVerb = Shadow::Atomic(s.writer) ? "updated atomically" : "wrote";
  } else if (racesWith(s.otherWriter)) {
    other = Shadow::Thread(s.otherWriter);
    otherSite = s.otherWriterSite;
    otherVerb = Shadow::Atomic(s.otherWriter) ? "updated atomically" : "wrote";
  } else if (writes) {
    const bool first = s.reader != self;
    other = first ? s.reader : s.otherReader;
    otherSite = first ? s.readerSite : s.otherReaderSite;
    otherVerb = "read";
  }
  if (!other || other == self)
    return false;
  const char *verb = atomic ? "updates atomically" : write ? "writes" : "reads";
  Report("shared-memory race", self - 1,
         StrCat(access.site, ": ", verb, " byte ", byte, " of a ",
                Bytes(access.region.bytes),
                " buffer of workgroup memory, which ",
                findings->Thread(other - 1), " ", otherVerb, " at ", otherSite,
                ", with no gpu.barrier between them"));
  return true;
}

void BlockChecker::AccessGlobal(const char *site, uintptr_t address,
                                uint64_t bytes, uint32_t flags,
                                uint32_t thread) {
  const bool write = flags & MGPU_HOST_CHECK_WRITE;
  const bool atomic = flags & MGPU_HOST_CHECK_ATOMIC;
  // Within a run of the same kind, or right after it: the run grows.
  for (unsigned i = 0; i < openRuns; ++i) {
    GlobalRun &run = open[i];
    if (run.write != write || run.atomic != atomic)
      continue;
    if (address >= run.begin && address + bytes <= run.end)
      return;
    if (address == run.end) {
      run.end += bytes;
      return;
    }
  }
  GlobalRun run{address, address + bytes, site,  linearBlock,
                thread,  write,           atomic};
  if (openRuns < kOpenRuns) {
    open[openRuns++] = run;
    return;
  }
  // The oldest open run is done.
  runs.push_back(open[nextClosed]);
  open[nextClosed] = run;
  nextClosed = (nextClosed + 1) % kOpenRuns;
}

void BlockChecker::FlushRun(uint32_t run) {
  MgpuHostCheckRun &extent = extendedRuns[run];
  if (extent.begin == extent.end)
    return;
  // Among the other runs of the block, with which it may merge.
  const RunStart &start = runStarts[run];
  AccessGlobal(start.site, uintptr_t(extent.begin), extent.end - extent.begin,
               start.flags, start.thread);
  extent = {UINT64_MAX, UINT64_MAX};
}

void BlockChecker::NewRun(uint32_t run, const char *site, uintptr_t address,
                          uint64_t bytes, uint32_t flags, uint32_t thread) {
  MgpuHostCheckRun &current = extendedRuns[run];
  if (current.begin != current.end) {
    if (address >= current.begin && address + bytes <= current.end)
      return;
    if (address + bytes == current.begin) {
      current.begin = address;
      return;
    }
    FlushRun(run);
  }
  current = {address, address + bytes};
  runStarts[run] = {site, thread, flags};
}

void BlockChecker::OutOfBounds(const char *site, uint32_t dimension,
                               int64_t index, int64_t extent, int64_t size,
                               uint32_t thread) {
  std::string elements =
      extent == 1 ? StrCat("index ", index)
                  : StrCat("indices ", index, " to ", index + (extent - 1));
  Report("out-of-bounds access", thread,
         StrCat(site, ": ", elements, " in dimension ", dimension,
                ", whose size is ", size,
                "; the access was skipped (a load gives 0)"));
}

void BlockChecker::Uniform(const char *site, int64_t value, uint32_t thread) {
  auto [it, first] =
      uniforms.try_emplace(site, UniformValue{value, thread, 0, false});
  UniformValue &seen = it->second;
  if (!first && seen.value != value && !seen.reported) {
    seen.reported = true;
    Report("barrier divergence", thread,
           StrCat(site, " is ", value, " here and ", seen.value, " in ",
                  findings->Thread(seen.thread),
                  ": the threads of a block do not all reach the same "
                  "gpu.barrier (the block ran as its first thread decided)"));
  }
  // Every thread of the block passes here once for each time the block
  // does.
  if (++seen.count == threads)
    uniforms.erase(it);
}

void CheckRegion(const MgpuHostBlock *block, void *base, uint64_t bytes) {
  CheckerOf(block).Activate(static_cast<const char *>(base), bytes);
}

void CheckAccess(const MgpuHostBlock *block, const char *site, void *address,
                 uint64_t bytes, uint32_t flags, uint32_t run, uint32_t x,
                 uint32_t y, uint32_t z) {
  BlockChecker &checker = CheckerOf(block);
  if (run < MGPU_HOST_CHECK_RUNS && (flags & MGPU_HOST_CHECK_GLOBAL))
    return checker.NewRun(run, site, reinterpret_cast<uintptr_t>(address),
                          bytes, flags, checker.Linear(x, y, z));
  checker.Access(site, static_cast<const char *>(address), bytes, flags,
                 checker.Linear(x, y, z));
}

void CheckAccesses(const MgpuHostBlock *block, const char *site, void *address,
                   uint64_t bytes, uint32_t flags, int64_t stride,
                   uint64_t count, uint32_t x, uint32_t y, uint32_t z) {
  BlockChecker &checker = CheckerOf(block);
  checker.Accesses(site, static_cast<const char *>(address), bytes, flags,
                   stride, count, checker.Linear(x, y, z));
}

void CheckBounds(const MgpuHostBlock *block, const char *site,
                 uint32_t dimension, int64_t index, int64_t extent,
                 int64_t size, uint32_t x, uint32_t y, uint32_t z) {
  BlockChecker &checker = CheckerOf(block);
  checker.OutOfBounds(site, dimension, index, extent, size,
                      checker.Linear(x, y, z));
}

void CheckUniform(const MgpuHostBlock *block, const char *site, int64_t value,
                  uint32_t x, uint32_t y, uint32_t z) {
  BlockChecker &checker = CheckerOf(block);
  checker.Uniform(site, value, checker.Linear(x, y, z));
}

void CheckBarrier(const MgpuHostBlock *block, uint32_t x, uint32_t y,
                  uint32_t z) {
  BlockChecker &checker = CheckerOf(block);
  checker.Barrier(checker.Linear(x, y, z));
}

const MgpuHostCheckHooks kHooks = {CheckRegion,  CheckAccess,  CheckBounds,
                                   CheckUniform, CheckBarrier, CheckAccesses};

} // namespace

std::string CheckFindings::Thread(uint32_t linear) const {
  uint32_t x = linear % blockDims[0];
  uint32_t y = linear / blockDims[0] % blockDims[1];
  uint32_t z = linear / blockDims[0] / blockDims[1];
  return StrCat("thread (", x, ", ", y, ", ", z, ")");
}

void CheckFindings::Report(uint32_t x, uint32_t y, uint32_t z,
                           const std::string &finding) {
  std::string line = StrCat("offload-check: ", finding, " (kernel '", kernel,
                            "', block (", x, ", ", y, ", ", z, "))");
  std::lock_guard<std::mutex> lock(mutex);
  if (count++ == 0)
    first = line;
  if (count <= kMaxReportedFindings)
    std::fprintf(stderr, "%s\n", line.c_str());
}

void CheckFindings::AddGlobalRuns(std::vector<GlobalRun> &runs) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (globalRuns.size() + runs.size() > kMaxGlobalRuns) {
      tooManyRuns = true;
      globalRuns = {};
    } else if (!tooManyRuns) {
      globalRuns.insert(globalRuns.end(), runs.begin(), runs.end());
    }
  }
  runs.clear();
}

void CheckFindings::ReportGlobalRace(const GlobalRun &second,
                                     const GlobalRun &first) {
  auto verb = [](const GlobalRun &run, bool present) {
    if (run.atomic)
      return present ? "updates atomically" : "updated atomically";
    if (run.write)
      return present ? "writes" : "wrote";
    return present ? "reads" : "read";
  };
  auto where = [&](uint64_t linear) {
    uint64_t x = linear % grid[0], y = linear / grid[0] % grid[1],
             z = linear / grid[0] / grid[1];
    return StrCat("block (", x, ", ", y, ", ", z, ")");
  };
  uint64_t block = second.block;
  uintptr_t at = std::max(second.begin, first.begin);
  Report(uint32_t(block % grid[0]), uint32_t(block / grid[0] % grid[1]),
         uint32_t(block / grid[0] / grid[1]),
         StrCat("global-memory race between blocks, ", Thread(second.thread),
                ": ", second.site, ": ", verb(second, true),
                " global memory that ", where(first.block), "'s ",
                Thread(first.thread), " ", verb(first, false), " at ",
                first.site, " in the same launch (from address ", Hex(at),
                ")"));
}

void CheckFindings::FindGlobalRaces() {
  // By address, then by block: the same launch reports the same races.
  std::sort(globalRuns.begin(), globalRuns.end(),
            [](const GlobalRun &a, const GlobalRun &b) {
              return std::tie(a.begin, a.block, a.end) <
                     std::tie(b.begin, b.block, b.end);
            });
  // The runs that reach the one at hand, by kind: a read races only with
  // writes, so the reads are looked at only for a write.
  std::vector<const GlobalRun *> writes, reads;
  auto prune = [](std::vector<const GlobalRun *> &active, uintptr_t begin) {
    active.erase(
        std::remove_if(active.begin(), active.end(),
                       [&](const GlobalRun *run) { return run->end <= begin; }),
        active.end());
  };
  auto races = [](const GlobalRun &a, const GlobalRun &b) {
    return a.block != b.block && !(a.atomic && b.atomic);
  };
  for (const GlobalRun &run : globalRuns) {
    const bool isWrite = run.write || run.atomic;
    prune(writes, run.begin);
    const GlobalRun *other = nullptr;
    for (const GlobalRun *active : writes)
      if (races(run, *active)) {
        other = active;
        break;
      }
    if (!other && isWrite) {
      prune(reads, run.begin);
      for (const GlobalRun *active : reads)
        if (races(run, *active)) {
          other = active;
          break;
        }
    }
    if (other)
      ReportGlobalRace(run, *other);
    (isWrite ? writes : reads).push_back(&run);
  }
}

Status CheckFindings::Finish() {
  FindGlobalRaces();
  std::lock_guard<std::mutex> lock(mutex);
  if (tooManyRuns)
    std::fprintf(stderr,
                 "offload-check: races between blocks not checked in this "
                 "launch of kernel '%s': its blocks touch global memory in "
                 "more than %zu runs of bytes\n",
                 kernel.c_str(), kMaxGlobalRuns);
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

void BeginCheckedBlocks(CheckFindings &findings, MgpuHostBlock &block) {
  workerChecker.BeginBlocks(findings);
  block.check = &kHooks;
  block.checkState = &workerChecker;
  block.checkRuns = workerChecker.Runs();
}

void BeginCheckedBlock(const MgpuHostBlock &block) {
  CheckerOf(&block).BeginBlock(block);
}

void EndCheckedBlock(const MgpuHostBlock &block) {
  CheckerOf(&block).EndBlock();
}

} // namespace mgpu::host
