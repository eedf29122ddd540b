//===- host_backend_test.cc - The host backend with real kernels ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The host backend runs a host object compiled from host_test_kernels.mlir,
// driven through the C API as compiled code drives it. A failed kernel
// fails the host device for the rest of the process (docs/runtime.md), so
// each test that fails one runs in a child process of its own.
//
// HostLaunch: a launch's blocks run in ranges (chunks) on the worker pool.
// Every block of odd and 3-D grids runs once, with its own place in the
// grid; a failed assert in the middle of a chunk stops the blocks after it
// and names its own block; launches come from several streams and threads
// at once, and after pauses long enough for the pool to sleep; a launch's
// parameters are copied, however many. BUILD.bazel runs it on 3 threads.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"
#include "offload_runtime/host/thread_pool.h"
#include "offload_runtime/testing/test_support.h"

#include "gtest/gtest.h"

#include <cuda.h>

#include <algorithm>
#include <cfenv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <pthread.h>
#include <string>
#include <sys/resource.h>
#include <thread>
#include <vector>

namespace {

namespace host = mgpu::host;
using ::mgpu::testing::ExpectInChild;
using ::mgpu::testing::RecordedError;
using ::mgpu::testing::RecordedErrors;
using ::mgpu::testing::Require;

class HostBackend : public ::testing::Test {
protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    mgpuSetErrorHandler(RecordedErrors::Record, &errors);
    const char *path = std::getenv("HOST_TEST_KERNELS");
    ASSERT_NE(path, nullptr);
    std::ifstream file(path, std::ios::binary);
    object.assign(std::istreambuf_iterator<char>(file), {});
    ASSERT_FALSE(object.empty()) << "cannot read " << path;
    module = mgpuModuleLoad(object.data(), object.size());
    check = mgpuModuleGetFunction(module, "check");
    fill = mgpuModuleGetFunction(module, "fill");
    ASSERT_EQ(errors.TakeCode(), CUDA_SUCCESS);
    out = static_cast<int32_t *>(mgpuMemAlloc(kCount * 4, nullptr, true));
    ASSERT_NE(out, nullptr);
  }

  void TearDown() override {
    mgpuMemFree(out, nullptr);
    mgpuModuleUnload(module);
    mgpuSetErrorHandler(nullptr, nullptr);
  }

  /// check(fail) in one thread.
  void LaunchCheck(MgpuStream stream, int32_t fail) {
    void *params[] = {&fail};
    mgpuLaunchKernel(check, 1, 1, 1, 1, 1, 1, 0, stream, params, nullptr, 1);
  }

  /// fill(out, value) over all of `out`.
  void LaunchFill(MgpuStream stream, int32_t value,
                  MgpuFunctionHandle kernel = nullptr) {
    void *memory = out;
    void *params[] = {&memory, &value};
    mgpuLaunchKernel(kernel ? kernel : fill, kCount / 128, 1, 1, 128, 1, 1, 0,
                     stream, params, nullptr, 2);
  }

  /// Whether the last error was the failed check, and only one was reported.
  bool TookFailedCheck() {
    if (errors.seen.size() != 1)
      return false;
    RecordedError error = errors.seen[0];
    errors.seen.clear();
    return error.code == CUDA_ERROR_ASSERT &&
           error.message.find("kernel @check: asked to fail") !=
               std::string::npos;
  }

  static constexpr int kCount = 1024;
  RecordedErrors errors;
  std::string object;
  MgpuModuleHandle module = nullptr;
  MgpuFunctionHandle check = nullptr, fill = nullptr;
  int32_t *out = nullptr;
};

TEST_F(HostBackend, RunsKernels) {
  MgpuStream stream = mgpuStreamCreate();
  LaunchFill(stream, 7);
  mgpuStreamSynchronize(stream);
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  for (int i = 0; i < kCount; ++i)
    ASSERT_EQ(out[i], 7) << i;
  LaunchCheck(stream, 0);
  mgpuStreamSynchronize(stream);
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  mgpuStreamDestroy(stream);
}

/// The fields of the mapping that holds `ptr` in /proc/self/smaps.
std::string MappingOf(const void *ptr) {
  std::ifstream smaps("/proc/self/smaps");
  std::string line, mapping;
  bool inside = false;
  const auto address = reinterpret_cast<uintptr_t>(ptr);
  while (std::getline(smaps, line)) {
    unsigned long long start, end;
    // A mapping starts with its range, "start-end perms ...".
    if (std::sscanf(line.c_str(), "%llx-%llx ", &start, &end) == 2 &&
        line.find(':') > line.find(' ')) {
      if (inside)
        break;
      inside = start <= address && address < end;
    }
    if (inside)
      mapping += line + "\n";
  }
  return mapping;
}

/// The size of a transparent huge page, or 0 where the kernel has none.
size_t HugePageBytes() {
  std::ifstream file("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size");
  size_t bytes = 0;
  return file >> bytes ? bytes : 0;
}

TEST_F(HostBackend, LargeAllocationsAskForHugePages) {
  const size_t huge = HugePageBytes();
  if (!huge)
    GTEST_SKIP() << "this kernel has no transparent huge pages";
  // Neither a multiple of a page nor of a huge one.
  const size_t bytes = 2 * huge + 4096 + 12;
  auto *a = static_cast<char *>(mgpuMemAlloc(bytes, nullptr, false));
  auto *b = static_cast<char *>(mgpuMemAlloc(bytes, nullptr, false));
  ASSERT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % huge, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(b) % huge, 0u);
  // Marked MADV_HUGEPAGE: "hg" among the mapping's flags.
  std::string mapping = MappingOf(a);
  size_t flags = mapping.find("VmFlags:");
  ASSERT_NE(flags, std::string::npos) << mapping;
  EXPECT_NE(mapping.find(" hg", flags), std::string::npos) << mapping;
  for (size_t i = 0; i < bytes; ++i)
    a[i] = static_cast<char>(i * 7 + 1);
  // (Between device memory, a copy runs on its stream.)
  MgpuStream stream = mgpuStreamCreate();
  mgpuMemcpy(b, a, bytes, stream);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  EXPECT_EQ(std::memcmp(a, b, bytes), 0);
  // The end is the allocation's end: a copy one byte past it is an error.
  mgpuMemcpy(b + 1, a, bytes, nullptr);
  EXPECT_EQ(errors.TakeCode(), CUDA_ERROR_INVALID_VALUE);
  mgpuMemFree(a, nullptr);
  mgpuMemFree(b, nullptr);
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  mgpuMemFree(a, nullptr);
  EXPECT_EQ(errors.TakeCode(), CUDA_ERROR_INVALID_VALUE);
  // More than the address space holds is one error, not a crash.
  // (AddressSanitizer's allocator aborts on such a size instead.)
#ifndef __SANITIZE_ADDRESS__
  for (uint64_t impossible : {uint64_t(1) << 62, ~uint64_t(0)}) {
    EXPECT_EQ(mgpuMemAlloc(impossible, nullptr, false), nullptr);
    EXPECT_EQ(errors.TakeCode(), CUDA_ERROR_OUT_OF_MEMORY) << impossible;
  }
#endif
  // Below a huge page, memory is the C heap's, aligned as cuMemAlloc's.
  void *small = mgpuMemAlloc(huge - 1, nullptr, false);
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % 256, 0u);
  mgpuMemFree(small, nullptr);
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
}

TEST_F(HostBackend, AFailureOutlivesTheStreamThatSawIt) {
  ExpectInChild([&] {
    MgpuStream failing = mgpuStreamCreate(), other = mgpuStreamCreate();
    void *scratch = mgpuMemAlloc(16, nullptr, false);
    LaunchCheck(failing, 1);
    // Destroyed before anyone synchronized with it: it goes back to the
    // pool, and its failure must not go with it.
    mgpuStreamDestroy(failing);
    mgpuMemFree(scratch, nullptr); // waits for every stream
    Require(errors.seen.empty(), "the failure was reported too early");
    LaunchFill(other, 7);
    mgpuStreamSynchronize(other);
    Require(errors.seen.size() == 2 && errors.seen[0].code == CUDA_ERROR_ASSERT,
            "the launch and the synchronization after the failure did not "
            "both report it");
    errors.seen.erase(errors.seen.begin());
    Require(TookFailedCheck(), "the failure reported is not the check's");
    Require(out[0] != 7, "work ran after the failure");
    // A stream made now, perhaps the same one from the pool, says so too.
    MgpuStream fresh = mgpuStreamCreate();
    Require(errors.seen.empty(), "creating a stream failed");
    mgpuStreamSynchronize(fresh);
    Require(TookFailedCheck(), "a new stream forgot the failure");
  });
}

TEST_F(HostBackend, AFailureReachesTheStreamsThatWaitForIt) {
  ExpectInChild([&] {
    MgpuStream producer = mgpuStreamCreate(), consumer = mgpuStreamCreate();
    MgpuEvent produced = mgpuEventCreate();
    LaunchCheck(producer, 1);
    mgpuEventRecord(produced, producer);
    mgpuStreamWaitEvent(consumer, produced);
    LaunchFill(consumer, 7); // reports the failure if it is known by now
    errors.seen.clear();
    mgpuStreamSynchronize(consumer);
    Require(TookFailedCheck(),
            "the consumer's synchronization did not report the failure");
    Require(out[0] != 7, "the consumer ran after the failure");
    mgpuEventSynchronize(produced);
    Require(TookFailedCheck(),
            "the event's synchronization did not report the failure");
    // Releasing things still works, so that nothing leaks.
    mgpuEventDestroy(produced);
    mgpuStreamDestroy(producer);
    mgpuStreamDestroy(consumer);
    Require(errors.seen.empty(), "releasing after the failure failed");
  });
}

TEST_F(HostBackend, AFailureOfAThreadThatEndedIsNotLost) {
  ExpectInChild([&] {
    mgpuStreamSynchronize(nullptr); // this thread's own stream, first
    void *scratch = mgpuMemAlloc(16, nullptr, false);
    std::thread([&] { LaunchCheck(nullptr, 1); }).join();
    mgpuMemFree(scratch, nullptr); // waits for every stream
    errors.seen.clear();
    mgpuStreamSynchronize(nullptr);
    Require(TookFailedCheck(),
            "the failure on the ended thread's stream was lost");
    // Calls that run work or wait for it report it from now on.
    Require(mgpuMemAlloc(16, nullptr, false) == nullptr && TookFailedCheck(),
            "an allocation after the failure");
    int32_t host[4] = {};
    mgpuMemcpy(host, out, sizeof(host), nullptr);
    Require(TookFailedCheck(), "a copy after the failure");
    mgpuMemset32(out, 1, 4, nullptr);
    Require(TookFailedCheck(), "a fill after the failure");
  });
}

/// The machine's memory in bytes, as /proc/meminfo says.
uint64_t MachineMemoryBytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  uint64_t kib = 0;
  while (meminfo >> key >> kib)
    if (key == "MemTotal:")
      return kib * 1024;
  return 0;
}

TEST_F(HostBackend, AKernelOfKnownSizesLaunchesWithThoseAlone) {
  MgpuFunctionHandle fixed = mgpuModuleGetFunction(module, "fixed_fill");
  ASSERT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  void *memory = out;
  int32_t value = 7;
  void *params[] = {&memory, &value};
  std::fill(out, out + kCount, 0);
  // Another block, or another grid, would run the block's 128 threads and
  // read a grid of 8: refused before anything runs.
  const struct {
    intptr_t grid, block, blockY, gridZ;
    const char *message;
  } refused[] = {
      {16, 64, 1, 1,
       "mgpuLaunchKernel: kernel 'fixed_fill' was compiled for blocks of "
       "(128, 1, 1) (known_block_size); it cannot launch with the block "
       "(64, 1, 1)"},
      {8, 128, 2, 1,
       "mgpuLaunchKernel: kernel 'fixed_fill' was compiled for blocks of "
       "(128, 1, 1) (known_block_size); it cannot launch with the block "
       "(128, 2, 1)"},
      {4, 128, 1, 1,
       "mgpuLaunchKernel: kernel 'fixed_fill' was compiled for grids of "
       "(8, 1, 1) (known_grid_size); it cannot launch with the grid "
       "(4, 1, 1)"},
      {8, 128, 1, 2,
       "mgpuLaunchKernel: kernel 'fixed_fill' was compiled for grids of "
       "(8, 1, 1) (known_grid_size); it cannot launch with the grid "
       "(8, 1, 2)"},
  };
  for (const auto &launch : refused) {
    mgpuLaunchKernel(fixed, launch.grid, 1, launch.gridZ, launch.block,
                     launch.blockY, 1, 0, nullptr, params, nullptr, 2);
    ASSERT_EQ(errors.seen.size(), 1u);
    EXPECT_EQ(errors.seen[0].code, CUDA_ERROR_INVALID_VALUE);
    EXPECT_NE(errors.seen[0].message.find(launch.message), std::string::npos)
        << errors.seen[0].message;
    errors.seen.clear();
  }
  mgpuStreamSynchronize(nullptr);
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  EXPECT_EQ(std::count(out, out + kCount, 0), kCount);
  mgpuLaunchKernel(fixed, 8, 1, 1, 128, 1, 1, 0, nullptr, params, nullptr, 2);
  mgpuStreamSynchronize(nullptr);
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  EXPECT_EQ(std::count(out, out + kCount, 7 + 8), kCount);
}

/// hog's private memory: 400000000 i32 for each thread.
constexpr uint64_t kHogBytesPerThread = 1600000000;

TEST_F(HostBackend, PrivateMemoryBeyondTheMachineFailsTheLaunchAtOnce) {
  if (MachineMemoryBytes() >= 1024 * kHogBytesPerThread)
    GTEST_SKIP() << "this machine has 1.6 TB of memory";
  MgpuFunctionHandle hog = mgpuModuleGetFunction(module, "hog");
  void *memory = out;
  void *params[] = {&memory};
  mgpuLaunchKernel(hog, 1, 1, 1, 1024, 1, 1, 0, nullptr, params, nullptr, 1);
  ASSERT_EQ(errors.seen.size(), 1u);
  EXPECT_EQ(errors.seen[0].code, CUDA_ERROR_OUT_OF_MEMORY);
  EXPECT_NE(errors.seen[0].message.find(
                "kernel 'hog': a block of 1024 threads needs 1638400000000 "
                "bytes of private memory (1600000000 for each thread), more "
                "than this machine's "),
            std::string::npos)
      << errors.seen[0].message;
  errors.seen.clear();
  // Nothing ran, and nothing failed: the device goes on.
  out[5] = 0;
  LaunchFill(nullptr, 7);
  mgpuStreamSynchronize(nullptr);
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  EXPECT_EQ(out[5], 7);
}

TEST_F(HostBackend, PrivateMemoryThatCannotBeHadFailsTheBlock) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's shadow memory needs the address space "
                  "this test limits";
#endif
  if (MachineMemoryBytes() <= kHogBytesPerThread)
    GTEST_SKIP() << "this machine has less than 1.6 GB of memory";
  ExpectInChild([&] {
    // Less address space than one thread of hog needs: the launch is
    // accepted (the machine has the memory) and its block fails.
    std::ifstream statm("/proc/self/statm");
    uint64_t pages = 0;
    statm >> pages;
    uint64_t limit = pages * sysconf(_SC_PAGESIZE) + (512u << 20);
    struct rlimit addressSpace = {limit, limit};
    Require(setrlimit(RLIMIT_AS, &addressSpace) == 0, "setrlimit");
    MgpuFunctionHandle hog = mgpuModuleGetFunction(module, "hog");
    void *memory = out;
    void *params[] = {&memory};
    mgpuLaunchKernel(hog, 1, 1, 1, 1, 1, 1, 0, nullptr, params, nullptr, 1);
    Require(errors.seen.empty(),
            "the launch failed: " +
                (errors.seen.empty() ? std::string() : errors.seen[0].message));
    mgpuStreamSynchronize(nullptr);
    Require(errors.seen.size() == 1 &&
                errors.seen[0].code == CUDA_ERROR_OUT_OF_MEMORY &&
                errors.seen[0].message.find(
                    "kernel 'hog': out of memory for a block's 1600000000 "
                    "bytes of private memory (1600000000 for its one "
                    "thread)") != std::string::npos,
            errors.seen.empty() ? "no error" : errors.seen[0].message);
  });
}

// What mgpuSetDefaultDevice names and registrations are checked as the
// other backends check them.
TEST_F(HostBackend, AnotherDeviceOrUnmappedMemoryAreErrors) {
  mgpuSetDefaultDevice(1);
  mgpuStreamSynchronize(nullptr);
  EXPECT_EQ(errors.TakeCode(), CUDA_ERROR_INVALID_DEVICE);
  char host[64] = {};
  mgpuMemcpy(host, host + 32, 16, nullptr);
  EXPECT_EQ(errors.TakeCode(), CUDA_ERROR_INVALID_DEVICE);
  mgpuSetDefaultDevice(0);
  mgpuStreamSynchronize(nullptr);
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  // 2^62 bytes from the stack: past every mapping.
  mgpuMemHostRegister(host, uint64_t(1) << 62);
  EXPECT_EQ(errors.TakeCode(), CUDA_ERROR_INVALID_VALUE);
  mgpuMemHostRegister(host, sizeof(host));
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  mgpuMemHostUnregister(host);
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
}

/// The flags of /proc/cpuinfo's first processor: the kernel's view of the
/// CPU, an oracle apart from the runtime's own CPUID reading.
std::string CpuinfoFlags() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line))
    if (line.rfind("flags", 0) == 0)
      return line.substr(line.find(':') + 1) + " ";
  return "";
}

TEST_F(HostBackend, AKernelOfAnotherHostAbiIsRefusedByItsVersion) {
  const char *path = std::getenv("HOST_OLD_ABI_OBJECT");
  ASSERT_NE(path, nullptr);
  std::ifstream file(path, std::ios::binary);
  std::string old((std::istreambuf_iterator<char>(file)), {});
  ASSERT_FALSE(old.empty());
  MgpuModuleHandle loaded = mgpuModuleLoad(old.data(), old.size());
  ASSERT_NE(loaded, nullptr);
  ASSERT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  // Its run function takes one block and no range: never called.
  EXPECT_EQ(mgpuModuleGetFunction(loaded, "fill"), nullptr);
  ASSERT_EQ(errors.seen.size(), 1u);
  EXPECT_EQ(errors.seen[0].code, CUDA_ERROR_INVALID_IMAGE);
  EXPECT_NE(errors.seen[0].message.find(
                "kernel 'fill' was compiled for host ABI version " +
                std::to_string(MGPU_HOST_ABI_VERSION - 1) +
                "; this runtime runs version " +
                std::to_string(MGPU_HOST_ABI_VERSION) +
                ": rebuild it with this mlir-offload"),
            std::string::npos)
      << errors.seen[0].message;
  errors.seen.clear();
  mgpuModuleUnload(loaded);
  EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
}

TEST_F(HostBackend, AnObjectForANewerCpuIsRefusedWithWhatIsMissing) {
#if !defined(__x86_64__)
  GTEST_SKIP() << "the newer CPU is an x86-64 one";
#endif
  const char *path = std::getenv("HOST_TEST_KERNELS_NEWER_CPU");
  ASSERT_NE(path, nullptr);
  std::ifstream file(path, std::ios::binary);
  std::string newer((std::istreambuf_iterator<char>(file)), {});
  ASSERT_FALSE(newer.empty());
  std::string flags = CpuinfoFlags();
  ASSERT_FALSE(flags.empty());
  // Features of Diamond Rapids, in LLVM's names and the kernel's.
  const std::pair<std::string, std::string> kDiamondRapids[] = {
      {"amx-tile", "amx_tile"},           {"amx-fp16", "amx_fp16"},
      {"amx-complex", "amx_complex"},     {"avx512fp16", "avx512_fp16"},
      {"avx512bf16", "avx512_bf16"},      {"avxifma", "avx_ifma"},
      {"avxneconvert", "avx_ne_convert"}, {"avxvnniint8", "avx_vnni_int8"},
      {"cmpccxadd", "cmpccxadd"},         {"enqcmd", "enqcmd"},
      {"serialize", "serialize"},         {"waitpkg", "waitpkg"},
      {"wbnoinvd", "wbnoinvd"},           {"movdiri", "movdiri"}};
  auto kernelHas = [&](const std::string &flag) {
    return flags.find(" " + flag + " ") != std::string::npos;
  };
  MgpuModuleHandle loaded = mgpuModuleLoad(newer.data(), newer.size());
  if (loaded) {
    // Only a CPU with everything may run it.
    for (const auto &[llvm, kernel] : kDiamondRapids)
      EXPECT_TRUE(kernelHas(kernel))
          << "the object loaded, and /proc/cpuinfo has no " << kernel;
    mgpuModuleUnload(loaded);
    return;
  }
  // Refused, before any of its instructions could end the process with
  // SIGILL: the message names what is missing, and the kernel agrees.
  ASSERT_EQ(errors.seen.size(), 1u);
  EXPECT_EQ(errors.seen[0].code, CUDA_ERROR_NO_BINARY_FOR_GPU);
  const std::string &message = errors.seen[0].message;
  const std::string prefix = "the host object was compiled for a CPU with ";
  size_t start = message.find(prefix);
  ASSERT_NE(start, std::string::npos) << message;
  std::string named =
      ", " +
      message.substr(start + prefix.size(),
                     message.find(", which") - start - prefix.size()) +
      ", ";
  int confirmed = 0;
  for (const auto &[llvm, kernel] : kDiamondRapids) {
    bool saidMissing = named.find(", " + llvm + ", ") != std::string::npos;
    EXPECT_EQ(saidMissing, !kernelHas(kernel))
        << llvm << " (" << kernel << " in /proc/cpuinfo): " << message;
    confirmed += saidMissing;
  }
  EXPECT_GT(confirmed, 0) << message;
  errors.seen.clear();
}

/// mark's buffer: one count per block.
constexpr int kMaxBlocks = 8192;

/// Launches of `mark`, which counts the blocks that ran.
class HostLaunch : public HostBackend {
protected:
  void SetUp() override {
    HostBackend::SetUp();
    mark = mgpuModuleGetFunction(module, "mark");
    ASSERT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  }

  void TearDown() override {
    for (int32_t *buffer : buffers)
      mgpuMemFree(buffer, nullptr);
    EXPECT_EQ(errors.TakeCode(), CUDA_SUCCESS);
    HostBackend::TearDown();
  }

  /// kMaxBlocks zeroed counts of device memory.
  int32_t *NewCounts() {
    auto *counts = static_cast<int32_t *>(
        mgpuMemAlloc(kMaxBlocks * sizeof(int32_t), nullptr, false));
    std::memset(counts, 0, kMaxBlocks * sizeof(int32_t));
    buffers.push_back(counts);
    return counts;
  }

  /// mark(counts, target) over `grid` blocks of `threads` threads along x.
  void LaunchMark(const intptr_t grid[3], int32_t *counts, int32_t target,
                  MgpuStream stream = nullptr, intptr_t threads = 1) {
    void *memory = counts;
    void *params[] = {&memory, &target};
    mgpuLaunchKernel(mark, grid[0], grid[1], grid[2], threads, 1, 1, 0, stream,
                     params, nullptr, 2);
  }

  /// The blocks that a launch of `grid` runs in each of its chunks.
  static int64_t Chunk(const intptr_t grid[3]) {
    return host::ThreadPool::ChunkSize(grid[0] * grid[1] * grid[2],
                                       host::ThreadPool::Get().workers());
  }

  MgpuFunctionHandle mark = nullptr;
  std::vector<int32_t *> buffers;
};

TEST_F(HostLaunch, EveryBlockOfOddAnd3DGridsRunsOnce) {
  const intptr_t grids[][3] = {{1, 1, 1},    {2, 1, 1}, {3, 1, 1},  {97, 1, 1},
                               {4099, 1, 1}, {7, 5, 3}, {3, 7, 11}, {1, 1, 64},
                               {13, 1, 17},  {1, 9, 1}, {31, 33, 5}};
  int32_t *counts = NewCounts();
  for (const auto &grid : grids) {
    const int64_t blocks = grid[0] * grid[1] * grid[2];
    ASSERT_LE(blocks, kMaxBlocks);
    std::memset(counts, 0, kMaxBlocks * sizeof(int32_t));
    // Two threads a block: each counts its block.
    LaunchMark(grid, counts, -1, nullptr, 2);
    mgpuStreamSynchronize(nullptr);
    ASSERT_EQ(errors.TakeCode(), CUDA_SUCCESS);
    for (int64_t i = 0; i < kMaxBlocks; ++i)
      ASSERT_EQ(counts[i], i < blocks ? 2 : 0)
          << "block " << i << " of the grid (" << grid[0] << ", " << grid[1]
          << ", " << grid[2] << ")";
  }
}

/// Each launch fails in the block in the middle of its sixth chunk: the
/// error names that block, the blocks of the chunk before it ran, and those
/// after it did not start.
TEST_F(HostLaunch, AFailureInTheMiddleOfAChunkStopsItAndNamesItsBlock) {
  const intptr_t grids[][3] = {{4096, 1, 1}, {16, 16, 16}, {5, 3, 273}};
  for (const auto &grid : grids)
    ExpectInChild([&] {
      int32_t *counts = NewCounts();
      const int64_t chunk = Chunk(grid);
      Require(chunk >= 4, "chunks of " + std::to_string(chunk) + " blocks");
      const int64_t first = 5 * chunk, target = first + chunk / 2;
      LaunchMark(grid, counts, static_cast<int32_t>(target));
      Require(errors.seen.empty(), "the launch failed at once");
      mgpuStreamSynchronize(nullptr);
      const std::string block =
          "(block (" + std::to_string(target % grid[0]) + ", " +
          std::to_string(target / grid[0] % grid[1]) + ", " +
          std::to_string(target / (grid[0] * grid[1])) + "), thread (0, 0, 0))";
      Require(errors.seen.size() == 1 &&
                  errors.seen[0].code == CUDA_ERROR_ASSERT &&
                  errors.seen[0].message.find("kernel @mark: asked to fail " +
                                              block) != std::string::npos,
              errors.seen.empty() ? "no error" : errors.seen[0].message);
      for (int64_t i = first; i <= target; ++i)
        Require(counts[i] == 1, "block " + std::to_string(i) +
                                    ", before the failure, ran " +
                                    std::to_string(counts[i]) + " times");
      for (int64_t i = target + 1; i < first + chunk; ++i)
        Require(counts[i] == 0,
                "block " + std::to_string(i) + ", after the failure, ran");
    });
}

TEST_F(HostLaunch, StreamsOnSeveralThreadsLaunchAtOnce) {
  constexpr int kThreads = 4, kLaunches = 60;
  std::vector<int32_t *> counts;
  for (int t = 0; t < kThreads; ++t)
    counts.push_back(NewCounts());
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      // Half the threads on streams of their own, half on their null one.
      MgpuStream stream = t % 2 ? mgpuStreamCreate() : nullptr;
      for (int i = 0; i < kLaunches; ++i) {
        const intptr_t grid[3] = {1 + (i * 37 + t) % 200, 1 + i % 3, 1};
        LaunchMark(grid, counts[t], -1, stream);
        if (i % 7 == 0)
          mgpuStreamSynchronize(stream);
      }
      mgpuStreamSynchronize(stream);
      if (stream)
        mgpuStreamDestroy(stream);
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < kThreads; ++t) {
    std::vector<int32_t> want(kMaxBlocks);
    for (int i = 0; i < kLaunches; ++i)
      for (int64_t b = 0; b < (1 + (i * 37 + t) % 200) * (1 + i % 3); ++b)
        ++want[b];
    for (int b = 0; b < kMaxBlocks; ++b)
      ASSERT_EQ(counts[t][b], want[b]) << "thread " << t << ", block " << b;
  }
}

// mgpuLaunchKernelAndSynchronize runs on the calling thread when its stream
// is idle, on a stack as large as a worker's: a block of 12 MiB of
// workgroup memory, from a thread of 256 KiB of stack.
TEST_F(HostLaunch, AnAwaitedLaunchHasAWorkersStackOnAnyThread) {
  MgpuFunctionHandle bigShared = mgpuModuleGetFunction(module, "big_shared");
  ASSERT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  ASSERT_NE(bigShared, nullptr);
  constexpr uint32_t kTile = 3145728;
  constexpr int kBlocks = 5;
  int32_t *out = NewCounts();
  pthread_attr_t attributes;
  ASSERT_EQ(pthread_attr_init(&attributes), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attributes, 256 << 10), 0);
  struct Launch {
    MgpuFunctionHandle kernel;
    void *out;
  } launch = {bigShared, out};
  pthread_t thread;
  ASSERT_EQ(pthread_create(
                &thread, &attributes,
                [](void *arg) -> void * {
                  auto *launch = static_cast<Launch *>(arg);
                  void *params[] = {&launch->out};
                  mgpuLaunchKernelAndSynchronize(launch->kernel, kBlocks, 1, 1,
                                                 64, 1, 1, 0, nullptr, params,
                                                 nullptr, 1);
                  return nullptr;
                },
                &launch),
            0);
  pthread_attr_destroy(&attributes);
  pthread_join(thread, nullptr);
  ASSERT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  for (int b = 0; b < kBlocks; ++b) {
    uint32_t sum = 0;
    for (uint32_t i = 0; i < kTile; ++i)
      sum += i + uint32_t(b);
    EXPECT_EQ(uint32_t(out[b]), sum) << "block " << b;
  }
}

// Blocks round to nearest wherever they run, whatever rounding the thread
// that launches them set for its own code.
TEST_F(HostLaunch, BlocksRunInTheDefaultFloatingPointEnvironment) {
  MgpuFunctionHandle divide = mgpuModuleGetFunction(module, "divide");
  ASSERT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  auto *out = reinterpret_cast<float *>(NewCounts());
  // 1/3 to nearest is 0x3eaaaaab; rounded down, 0x3eaaaaaa.
  constexpr float kNearest = 0x1.555556p-2f;
  void *memory = out;
  float a = 1.0f, b = 3.0f;
  void *params[] = {&memory, &a, &b};
  ASSERT_EQ(std::fesetround(FE_DOWNWARD), 0);
  mgpuLaunchKernelAndSynchronize(divide, 16, 1, 1, 64, 1, 1, 0, nullptr, params,
                                 nullptr, 3);
  const bool stillDownward = std::fegetround() == FE_DOWNWARD;
  std::fesetround(FE_TONEAREST);
  ASSERT_EQ(errors.TakeCode(), CUDA_SUCCESS);
  EXPECT_TRUE(stillDownward) << "the launch changed the caller's rounding";
  for (int i = 0; i < 1024; ++i)
    ASSERT_EQ(out[i], kNearest) << "element " << i;
}

// Awaited and queued launches from several threads on one stream: each runs
// once, whichever thread runs it.
TEST_F(HostLaunch, AwaitedAndQueuedLaunchesShareAStream) {
  constexpr int kThreads = 3, kLaunches = 120;
  int32_t *counts = NewCounts();
  MgpuStream stream = mgpuStreamCreate();
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kLaunches; ++i) {
        const intptr_t grid[3] = {1 + (i * 31 + t) % 300, 1, 1};
        if ((i + t) % 3 == 0) {
          LaunchMark(grid, counts, -1, stream);
          continue;
        }
        void *memory = counts;
        int32_t target = -1;
        void *params[] = {&memory, &target};
        // Other threads' launches only add to the counts.
        const int32_t before =
            __atomic_load_n(&counts[grid[0] - 1], __ATOMIC_RELAXED);
        mgpuLaunchKernelAndSynchronize(mark, grid[0], 1, 1, 1, 1, 1, 0, stream,
                                       params, nullptr, 2);
        if (__atomic_load_n(&counts[grid[0] - 1], __ATOMIC_RELAXED) <= before)
          ADD_FAILURE() << "thread " << t << ", launch " << i
                        << ": the awaited launch had not run on return";
      }
      mgpuStreamSynchronize(stream);
    });
  for (std::thread &thread : threads)
    thread.join();
  std::vector<int32_t> want(kMaxBlocks);
  for (int t = 0; t < kThreads; ++t)
    for (int i = 0; i < kLaunches; ++i)
      for (int64_t b = 0; b < 1 + (i * 31 + t) % 300; ++b)
        ++want[b];
  for (int b = 0; b < kMaxBlocks; ++b)
    ASSERT_EQ(counts[b], want[b]) << "block " << b;
  mgpuStreamDestroy(stream);
}

// An awaited launch that fails fails the device as a queued one does: its
// synchronization says so, and later launches do not run.
TEST_F(HostLaunch, AFailedAwaitedLaunchFailsTheDevice) {
  ExpectInChild([&] {
    int32_t *counts = NewCounts();
    void *memory = counts;
    int32_t target = 2;
    void *params[] = {&memory, &target};
    mgpuLaunchKernelAndSynchronize(mark, 4, 1, 1, 1, 1, 1, 0, nullptr, params,
                                   nullptr, 2);
    Require(errors.seen.size() == 1 &&
                errors.seen[0].code == CUDA_ERROR_ASSERT &&
                errors.seen[0].message.find("asked to fail (block (2, 0, 0)") !=
                    std::string::npos,
            errors.seen.empty() ? "no error" : errors.seen[0].message);
    const std::vector<int32_t> after(counts, counts + 4);
    target = -1;
    mgpuLaunchKernelAndSynchronize(mark, 4, 1, 1, 1, 1, 1, 0, nullptr, params,
                                   nullptr, 2);
    Require(errors.seen.size() >= 2, "the failure was not reported again");
    Require(std::vector<int32_t>(counts, counts + 4) == after,
            "a launch ran after the failure");
  });
}

TEST_F(HostLaunch, LaunchesAfterThePoolFellAsleep) {
  int32_t *counts = NewCounts();
  MgpuStream stream = mgpuStreamCreate();
  const intptr_t grid[3] = {100, 1, 1};
  for (int i = 1; i <= 4; ++i) {
    LaunchMark(grid, counts, -1, stream);
    mgpuStreamSynchronize(stream);
    ASSERT_EQ(counts[0], i);
    ASSERT_EQ(counts[99], i);
    // Long past the spin: the stream's thread and the workers sleep.
    std::this_thread::sleep_for(20 * host::kSpinTime);
  }
  mgpuStreamDestroy(stream);
}

TEST_F(HostLaunch, ParametersAreCopiedHoweverMany) {
  MgpuFunctionHandle sum17 = mgpuModuleGetFunction(module, "sum17");
  int32_t *out = NewCounts();
  int32_t values[16];
  void *memory = out;
  void *params[17] = {&memory};
  for (int i = 0; i < 16; ++i) {
    values[i] = 1 << i;
    params[i + 1] = &values[i];
  }
  MgpuStream stream = mgpuStreamCreate();
  mgpuLaunchKernel(sum17, 1, 1, 1, 1, 1, 1, 0, stream, params, nullptr, 17);
  // The launch may not have run yet: it has its own copy.
  std::memset(values, 0, sizeof(values));
  memory = nullptr;
  mgpuStreamSynchronize(stream);
  EXPECT_EQ(out[0], 0xffff);
  mgpuStreamDestroy(stream);
}

} // namespace
