//===- conformance_test.cc - Every entry point, on every backend ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One suite for every backend: each backend's folder links it with the
// backend's description (fixture.cc) into a test, whose environment
// chooses the backend (MGPU_DEVICE) and makes every error a report
// (MGPU_ON_ERROR=report): a failing call prints its line, records its error
// and returns. Each case uses the entry points right and checks the results
// against the CPU's, or misuses them and asserts the answer, the same on
// every backend: the error code, that the call returned (with a null handle
// where it returns one), and words of the message. A backend skips a case
// only by its skip list (conformance.h), which says why.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/conformance/conformance.h"
#include "offload_runtime/testing/memref_descriptor.h"
#include "offload_runtime/testing/test_support.h"

#include "mgpu/mgpu.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <sys/mman.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace mgpu::conformance {
namespace {

using ::mgpu::testing::MemRef2D;
using ::mgpu::testing::RecordedErrors;

//===--- Answers ----------------------------------------------------------===//

/// The name of an MGPU_ERROR_*, from the ABI's table.
const char *ErrorName(int32_t code) {
  switch (code) {
#define MGPU_ERROR(name, value)                                                \
  case name:                                                                   \
    return #name;
#include "mgpu/mgpu_abi.def"
  }
  return "a driver's own error";
}

/// The calling thread's last error, which reading clears, and its message.
struct Answer {
  int32_t code;
  std::string message;
};

Answer TakeAnswer() {
  int32_t code = mgpuGetLastError();
  return {code, code ? mgpuGetLastErrorMessage() : ""};
}

std::string Describe(const Answer &answer) {
  return std::string(ErrorName(answer.code)) + " (" +
         std::to_string(answer.code) + ")" +
         (answer.message.empty() ? "" : ": \"" + answer.message + "\"");
}

/// Whether the calling thread's last call failed with `code`, and a message
/// that holds each of `words`.
::testing::AssertionResult
Failed(int32_t code, std::initializer_list<const char *> words = {}) {
  Answer answer = TakeAnswer();
  bool holds = answer.code == code;
  for (const char *word : words)
    holds = holds && answer.message.find(word) != std::string::npos;
  if (holds)
    return ::testing::AssertionSuccess();
  ::testing::AssertionResult failure = ::testing::AssertionFailure();
  failure << "expected " << ErrorName(code) << " (" << code << ")";
  for (const char *word : words)
    failure << " with \"" << word << "\"";
  return failure << "; the runtime answered " << Describe(answer);
}

/// Whether no call of the calling thread failed since its error was last
/// read.
::testing::AssertionResult Succeeded() {
  Answer answer = TakeAnswer();
  if (answer.code == MGPU_SUCCESS)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "expected no error; the runtime answered " << Describe(answer);
}

//===--- The fixture ------------------------------------------------------===//

/// Why the running case is skipped on this backend, or null.
const char *SkipReason() {
  const ::testing::TestInfo *info =
      ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string name =
      std::string(info->test_suite_name()) + "." + info->name();
  for (const Skip &skip : TheBackend().skips)
    if (name == skip.test)
      return skip.reason;
  return nullptr;
}

/// The threads of a block: every backend launches blocks of 32.
constexpr int kBlock = 32;
/// The elements that the cases fill: 8 blocks.
constexpr int kCount = 256;
/// slow_fill's iterations: a while, and below the 65535 after which a
/// driver may end a loop (conformance_kernels.mlir).
constexpr int32_t kIterations = 60000;

/// What slow_fill(out, value, kIterations) writes: value + x, x after
/// kIterations steps of x = x * 1664525 + 1013904223 from 0, wrapping.
int32_t SlowFillValue(int32_t value) {
  uint32_t x = 0;
  for (int32_t i = 0; i < kIterations; ++i)
    x = x * 1664525u + 1013904223u;
  return static_cast<int32_t>(static_cast<uint32_t>(value) + x);
}

/// Each case starts with the kernels loaded, fill and slow_fill found, on
/// device 0, and must leave no error unread.
class Conformance : public ::testing::Test {
protected:
  void SetUp() override {
    if (const char *reason = SkipReason())
      GTEST_SKIP() << reason;
    mgpuSetDefaultDevice(0);
    module = mgpuModuleLoadObjects(&TheBackend().kernels, 1, "conformance");
    ASSERT_TRUE(Succeeded());
    fill = mgpuModuleGetFunction(module, "fill");
    slowFill = mgpuModuleGetFunction(module, "slow_fill");
    ASSERT_TRUE(Succeeded());
    ASSERT_NE(fill, nullptr);
    ASSERT_NE(slowFill, nullptr);
  }

  void TearDown() override {
    if (IsSkipped())
      return;
    EXPECT_TRUE(Succeeded()) << "an error the case did not check";
    mgpuModuleUnload(module);
    EXPECT_TRUE(Succeeded());
  }

  /// fill(out, value) over `count` elements, in blocks of kBlock.
  void LaunchFill(void *out, int32_t value, MgpuStream stream = nullptr,
                  int count = kCount) {
    void *params[] = {&out, &value};
    mgpuLaunchKernel(fill, count / kBlock, 1, 1, kBlock, 1, 1, 0, stream,
                     params, nullptr, 2);
  }

  /// fill(out, value) over kCount elements, in clusters of `cluster` blocks.
  void LaunchClusterFill(void *out, int32_t value, intptr_t cluster) {
    void *params[] = {&out, &value};
    mgpuLaunchClusterKernel(fill, cluster, 1, 1, kCount / kBlock, 1, 1, kBlock,
                            1, 1, 0, nullptr, params, nullptr);
  }

  /// slow_fill(out, value, kIterations) over kCount elements.
  void LaunchSlowFill(void *out, int32_t value, MgpuStream stream) {
    int32_t iterations = kIterations;
    void *params[] = {&out, &value, &iterations};
    mgpuLaunchKernel(slowFill, kCount / kBlock, 1, 1, kBlock, 1, 1, 0, stream,
                     params, nullptr, 3);
  }

  /// kCount elements of device memory, set to `value`.
  void *AllocateSet(int32_t value) {
    void *memory = mgpuMemAlloc(kCount * 4, nullptr, false);
    mgpuMemset32(memory, value, kCount, nullptr);
    return memory;
  }

  /// `count` elements at `device`, copied on `stream`, once it has run.
  std::vector<int32_t> Read(const void *device, MgpuStream stream = nullptr,
                            int count = kCount) {
    std::vector<int32_t> host(count, -1);
    mgpuMemcpy(host.data(), const_cast<void *>(device), count * 4, stream);
    mgpuStreamSynchronize(stream);
    return host;
  }

  /// What a kernel wrote, where the backend's driver runs kernels.
  static void ExpectKernelWrote(const std::vector<int32_t> &written,
                                const std::vector<int32_t> &expected) {
    if (TheBackend().runsKernels) {
      EXPECT_EQ(written, expected);
    }
  }

  MgpuModuleHandle module = nullptr;
  MgpuFunctionHandle fill = nullptr, slowFill = nullptr;
};

// The suites, by the entry points they exercise.
using Modules = Conformance;
using ModuleMisuse = Conformance;
using ModuleAfterUnload = Conformance;
using Launches = Conformance;
using LaunchMisuse = Conformance;
using Streams = Conformance;
using StreamAfterDestroy = Conformance;
using Events = Conformance;
using EventMisuse = Conformance;
using EventAfterDestroy = Conformance;
using Memory = Conformance;
using MemoryMisuse = Conformance;
using HostMemory = Conformance;
using Devices = Conformance;
using TensorMaps = Conformance;
using Errors = Conformance;
using Processes = Conformance;

//===--- Modules and kernels ----------------------------------------------===//

TEST_F(Modules, EachKernelIsFoundOnceByName) {
  EXPECT_NE(fill, slowFill);
  std::string name = "fill";
  EXPECT_EQ(mgpuModuleGetFunction(module, name.c_str()), fill);
  EXPECT_TRUE(Succeeded());
}

TEST_F(Modules, LoadOfAnImageInTheBackendsFormat) {
  const MgpuObject &object = TheBackend().kernels;
  MgpuModuleHandle image =
      mgpuModuleLoad(const_cast<void *>(object.data), object.size);
  ASSERT_TRUE(Succeeded());
  ASSERT_NE(image, nullptr);
  MgpuFunctionHandle imageFill = mgpuModuleGetFunction(image, "fill");
  ASSERT_TRUE(Succeeded());
  EXPECT_NE(imageFill, fill);
  void *out = AllocateSet(0);
  int32_t value = 41;
  void *params[] = {&out, &value};
  mgpuLaunchKernel(imageFill, kCount / kBlock, 1, 1, kBlock, 1, 1, 0, nullptr,
                   params, nullptr, 2);
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 41));
  mgpuMemFree(out, nullptr);
  mgpuModuleUnload(image);
  EXPECT_TRUE(Succeeded());
}

TEST_F(Modules, LoadJitCompilesPtx) {
  ASSERT_NE(TheBackend().jitImage, nullptr);
  for (int optLevel : {0, 4}) {
    MgpuModuleHandle jitted =
        mgpuModuleLoadJIT(const_cast<char *>(TheBackend().jitImage), optLevel);
    ASSERT_TRUE(Succeeded());
    EXPECT_NE(mgpuModuleGetFunction(jitted, "fill"), nullptr);
    mgpuModuleUnload(jitted);
    EXPECT_TRUE(Succeeded());
  }
}

TEST_F(Modules, GetFunctionLazilyLoadsOnceAndPublishes) {
  MgpuModuleHandle lazy = nullptr;
  MgpuFunctionHandle lazyFill = nullptr, lazySlowFill = nullptr;
  const MgpuObject *objects = &TheBackend().kernels;
  MgpuFunctionHandle found =
      mgpuGetFunctionLazily(&lazy, objects, 1, "lazy", "fill", &lazyFill);
  ASSERT_TRUE(Succeeded());
  ASSERT_NE(lazy, nullptr);
  EXPECT_EQ(found, lazyFill);
  MgpuModuleHandle loaded = lazy;
  mgpuGetFunctionLazily(&lazy, objects, 1, "lazy", "slow_fill", &lazySlowFill);
  EXPECT_TRUE(Succeeded());
  EXPECT_EQ(lazy, loaded);
  EXPECT_NE(lazySlowFill, nullptr);
  EXPECT_NE(lazySlowFill, lazyFill);
  EXPECT_EQ(mgpuModuleGetFunction(lazy, "fill"), lazyFill);
  void *out = AllocateSet(0);
  LaunchFill(out, 0);
  int32_t value = 9;
  void *params[] = {&out, &value};
  mgpuLaunchKernel(lazyFill, kCount / kBlock, 1, 1, kBlock, 1, 1, 0, nullptr,
                   params, nullptr, 2);
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 9));
  mgpuMemFree(out, nullptr);
  mgpuModuleUnload(lazy);
  EXPECT_TRUE(Succeeded());
}

// Once the backend is chosen, registering changes nothing: the objects load
// as before.
TEST_F(Modules, RegisterObjectsLoadsNothing) {
  mgpuRegisterObjects(&TheBackend().kernels, 1, "registered");
  EXPECT_TRUE(Succeeded());
  MgpuModuleHandle again =
      mgpuModuleLoadObjects(&TheBackend().kernels, 1, "registered");
  EXPECT_TRUE(Succeeded());
  EXPECT_NE(mgpuModuleGetFunction(again, "fill"), nullptr);
  mgpuModuleUnload(again);
  EXPECT_TRUE(Succeeded());
}

// As free(NULL): a lazy module that never launched.
TEST_F(Modules, UnloadOfNullIsNothing) {
  mgpuModuleUnload(nullptr);
  EXPECT_TRUE(Succeeded());
}

TEST_F(ModuleMisuse, NullImageOrObjects) {
  EXPECT_EQ(mgpuModuleLoad(nullptr, 64), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"the GPU object is null"}));
  EXPECT_EQ(mgpuModuleLoadJIT(nullptr, 2), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"the GPU object is null"}));
  EXPECT_EQ(mgpuModuleLoadObjects(nullptr, 1, "none"), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"@none has no objects"}));
  EXPECT_EQ(mgpuModuleLoadObjects(&TheBackend().kernels, 0, "none"), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"@none has no objects"}));
  MgpuObject empty = TheBackend().kernels;
  empty.data = nullptr;
  EXPECT_EQ(mgpuModuleLoadObjects(&empty, 1, "empty"), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"has no bytes"}));
  empty = TheBackend().kernels;
  empty.size = 0;
  EXPECT_EQ(mgpuModuleLoadObjects(&empty, 1, "empty"), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"has no bytes"}));
  // One object that loads and one of no bytes: the binary is refused.
  const MgpuObject pair[] = {TheBackend().kernels,
                             {nullptr, 64, TheBackend().kernels.kind, 0, 0, 0}};
  EXPECT_EQ(mgpuModuleLoadObjects(pair, 2, "pair"), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"has no bytes"}));
  mgpuRegisterObjects(nullptr, 1, "none");
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"@none has no objects"}));
}

TEST_F(ModuleMisuse, JitOptimizationLevelOutOfRange) {
  char ptx[] = ".version 7.8\n.target sm_90\n.address_size 64\n";
  for (int optLevel : {-1, 5}) {
    EXPECT_EQ(mgpuModuleLoadJIT(ptx, optLevel), nullptr);
    EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"is not 0 to 4"}));
  }
}

// PTX where the backend has no JIT to compile it.
TEST_F(ModuleMisuse, LoadJitWithoutAJit) {
  char ptx[] = ".version 7.8\n.target sm_90\n.address_size 64\n";
  EXPECT_EQ(mgpuModuleLoadJIT(ptx, 2), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_NOT_SUPPORTED, {"JIT"}));
}

TEST_F(ModuleMisuse, BytesThatAreNoObject) {
  std::vector<char> bytes(256, '\xab');
  EXPECT_EQ(mgpuModuleLoad(bytes.data(), bytes.size()), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_IMAGE));
}

// A gpu.binary that holds an object for no device of any backend: a host
// object for an ELF machine that does not exist.
TEST_F(ModuleMisuse, ABinaryWithNoObjectForTheBackend) {
  static const char bytes[64] = {0x7f, 'E', 'L', 'F'};
  const MgpuObject foreign = {bytes, sizeof(bytes), MGPU_OBJECT_HOST, 0x7ffe, 0,
                              0};
  EXPECT_EQ(mgpuModuleLoadObjects(&foreign, 1, "foreign"), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_NO_BINARY_FOR_GPU,
                     {"gpu.binary @foreign has no", "host ELF machine 32766"}));
}

TEST_F(ModuleMisuse, UnknownKernelName) {
  EXPECT_EQ(mgpuModuleGetFunction(module, "missing"), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_NOT_FOUND, {"kernel 'missing'"}));
  // The module goes on.
  EXPECT_EQ(mgpuModuleGetFunction(module, "fill"), fill);
}

TEST_F(ModuleMisuse, NullModuleOrName) {
  EXPECT_EQ(mgpuModuleGetFunction(nullptr, "fill"), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE,
                     {"the module is null (a failed mgpuModuleLoad?) looking "
                      "up 'fill'"}));
  EXPECT_EQ(mgpuModuleGetFunction(module, nullptr), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"the kernel name is null"}));
  MgpuModuleHandle lazy = nullptr;
  MgpuFunctionHandle kernel = nullptr;
  const MgpuObject *objects = &TheBackend().kernels;
  EXPECT_EQ(mgpuGetFunctionLazily(nullptr, objects, 1, "lazy", "fill", &kernel),
            nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"null module or kernel slot"}));
  EXPECT_EQ(mgpuGetFunctionLazily(&lazy, objects, 1, "lazy", "fill", nullptr),
            nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"null module or kernel slot"}));
  EXPECT_EQ(mgpuGetFunctionLazily(&lazy, objects, 1, "lazy", nullptr, &kernel),
            nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"the kernel name is null"}));
  EXPECT_EQ(lazy, nullptr);
  EXPECT_EQ(kernel, nullptr);
}

TEST_F(ModuleMisuse, NotAModule) {
  int notAModule = 0;
  auto *handle = reinterpret_cast<MgpuModuleHandle>(&notAModule);
  EXPECT_EQ(mgpuModuleGetFunction(handle, "fill"), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"is not loaded"}));
  mgpuModuleUnload(handle);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"is not loaded"}));
}

/// A second module of the kernels, unloaded, and its fill.
struct Unloaded {
  MgpuModuleHandle module;
  MgpuFunctionHandle fill;
};
Unloaded LoadAndUnload() {
  MgpuModuleHandle module =
      mgpuModuleLoadObjects(&TheBackend().kernels, 1, "unloaded");
  MgpuFunctionHandle fill = mgpuModuleGetFunction(module, "fill");
  mgpuModuleUnload(module);
  return {module, fill};
}

TEST_F(ModuleAfterUnload, LaunchOfItsKernel) {
  Unloaded stale = LoadAndUnload();
  ASSERT_TRUE(Succeeded());
  ASSERT_NE(stale.fill, nullptr);
  void *out = AllocateSet(0);
  int32_t value = 7;
  void *params[] = {&out, &value};
  mgpuLaunchKernel(stale.fill, kCount / kBlock, 1, 1, kBlock, 1, 1, 0, nullptr,
                   params, nullptr, 2);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE,
                     {"is not a kernel of a loaded module"}));
  mgpuLaunchClusterKernel(stale.fill, 1, 1, 1, kCount / kBlock, 1, 1, kBlock, 1,
                          1, 0, nullptr, params, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE,
                     {"is not a kernel of a loaded module"}));
  // Nothing ran; the module still loaded runs.
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 0));
  LaunchFill(out, 8);
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 8));
  mgpuMemFree(out, nullptr);
}

TEST_F(ModuleAfterUnload, GetFunction) {
  Unloaded stale = LoadAndUnload();
  ASSERT_TRUE(Succeeded());
  EXPECT_EQ(mgpuModuleGetFunction(stale.module, "fill"), nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"is not loaded"}));
}

TEST_F(ModuleAfterUnload, UnloadAgain) {
  Unloaded stale = LoadAndUnload();
  ASSERT_TRUE(Succeeded());
  mgpuModuleUnload(stale.module);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"is not loaded"}));
}

// A lazy binary unloaded by its global destructor, launched from a later
// one.
TEST_F(ModuleAfterUnload, GetFunctionLazily) {
  Unloaded stale = LoadAndUnload();
  ASSERT_TRUE(Succeeded());
  MgpuModuleHandle slot = stale.module;
  MgpuFunctionHandle kernel = nullptr;
  EXPECT_EQ(mgpuGetFunctionLazily(&slot, &TheBackend().kernels, 1, "unloaded",
                                  "fill", &kernel),
            nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"is not loaded"}));
  EXPECT_EQ(kernel, nullptr);
}

//===--- Launches ---------------------------------------------------------===//

TEST_F(Launches, FillWritesEveryElement) {
  void *out = AllocateSet(0);
  LaunchFill(out, 0x5a5a1234);
  EXPECT_TRUE(Succeeded());
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 0x5a5a1234));
  // Half of it: the rest stays.
  LaunchFill(out, -1, nullptr, kCount / 2);
  std::vector<int32_t> expected(kCount, 0x5a5a1234);
  std::fill(expected.begin(), expected.begin() + kCount / 2, -1);
  ExpectKernelWrote(Read(out), expected);
  mgpuMemFree(out, nullptr);
}

TEST_F(Launches, OnACreatedStream) {
  MgpuStream stream = mgpuStreamCreate();
  ASSERT_TRUE(Succeeded());
  void *out = mgpuMemAlloc(kCount * 4, stream, false);
  mgpuMemset32(out, 0, kCount, stream);
  LaunchSlowFill(out, 3, stream);
  ExpectKernelWrote(Read(out, stream),
                    std::vector<int32_t>(kCount, SlowFillValue(3)));
  mgpuMemFree(out, stream);
  mgpuStreamDestroy(stream);
}

// Parameters past the kernel's are not read, on every backend.
TEST_F(Launches, ParametersPastTheKernelsAreNotRead) {
  void *out = AllocateSet(0);
  int32_t value = 12;
  void *params[] = {&out, &value, nullptr};
  mgpuLaunchKernel(fill, kCount / kBlock, 1, 1, kBlock, 1, 1, 0, nullptr,
                   params, nullptr, 3);
  EXPECT_TRUE(Succeeded());
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 12));
  mgpuMemFree(out, nullptr);
}

TEST_F(Launches, ClusterKernelWritesEveryElement) {
  void *out = AllocateSet(0);
  LaunchClusterFill(out, 21, 2);
  EXPECT_TRUE(Succeeded());
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 21));
  mgpuMemFree(out, nullptr);
}

// A cluster of one block is a launch without clusters, on any backend.
TEST_F(Launches, ClusterOfOneBlock) {
  void *out = AllocateSet(0);
  LaunchClusterFill(out, 22, 1);
  EXPECT_TRUE(Succeeded());
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 22));
  mgpuMemFree(out, nullptr);
}

// A synchronous launch in one call: done when the call returns, after what
// its stream had queued before it, whether that stream is busy or idle.
TEST_F(Launches, LaunchAndSynchronizeIsDoneWhenItReturns) {
  MgpuStream stream = mgpuStreamCreate();
  // Host-shared memory: read without a copy, which would wait itself.
  auto *out = static_cast<int32_t *>(mgpuMemAlloc(kCount * 4, stream, true));
  ASSERT_TRUE(Succeeded());
  ASSERT_NE(out, nullptr);
  std::fill(out, out + kCount, 0);
  LaunchSlowFill(out, 7, stream);
  void *memory = out;
  int32_t value = -3;
  void *params[] = {&memory, &value};
  // Half of it, once the slow fill is done.
  mgpuLaunchKernelAndSynchronize(fill, kCount / 2 / kBlock, 1, 1, kBlock, 1, 1,
                                 0, stream, params, nullptr, 2);
  EXPECT_TRUE(Succeeded());
  std::vector<int32_t> expected(kCount, SlowFillValue(7));
  std::fill(expected.begin(), expected.begin() + kCount / 2, -3);
  ExpectKernelWrote(std::vector<int32_t>(out, out + kCount), expected);
  // On the idle null stream, many in a row, each seeing the one before.
  for (value = 1; value <= 50; ++value) {
    mgpuLaunchKernelAndSynchronize(fill, kCount / kBlock, 1, 1, kBlock, 1, 1, 0,
                                   nullptr, params, nullptr, 2);
    ExpectKernelWrote(std::vector<int32_t>(out, out + kCount),
                      std::vector<int32_t>(kCount, value));
  }
  EXPECT_TRUE(Succeeded());
  mgpuMemFree(out, stream);
  mgpuStreamDestroy(stream);
}

// Each thread's null stream is its own; a synchronization of it waits for
// that thread's work.
TEST_F(Launches, OnEachThreadsNullStream) {
  constexpr int kThreads = 3;
  std::vector<void *> outs(kThreads);
  std::vector<std::vector<int32_t>> read(kThreads);
  std::vector<int32_t> codes(kThreads, -1);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      outs[t] = AllocateSet(0);
      LaunchSlowFill(outs[t], t, nullptr);
      read[t] = Read(outs[t]);
      mgpuMemFree(outs[t], nullptr);
      codes[t] = mgpuGetLastError();
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(codes[t], MGPU_SUCCESS) << "thread " << t;
    ExpectKernelWrote(read[t], std::vector<int32_t>(kCount, SlowFillValue(t)));
  }
}

TEST_F(LaunchMisuse, NullKernel) {
  void *out = AllocateSet(0);
  int32_t value = 1;
  void *params[] = {&out, &value};
  mgpuLaunchKernel(nullptr, 1, 1, 1, kBlock, 1, 1, 0, nullptr, params, nullptr,
                   2);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"the kernel handle is null"}));
  mgpuLaunchClusterKernel(nullptr, 1, 1, 1, 1, 1, 1, kBlock, 1, 1, 0, nullptr,
                          params, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"the kernel handle is null"}));
  // Its launch fails; its synchronization still waits, and succeeds.
  mgpuLaunchKernelAndSynchronize(nullptr, 1, 1, 1, kBlock, 1, 1, 0, nullptr,
                                 params, nullptr, 2);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"the kernel handle is null"}));
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 0));
  mgpuMemFree(out, nullptr);
}

TEST_F(LaunchMisuse, NotAKernel) {
  int notAKernel = 0;
  mgpuLaunchKernel(reinterpret_cast<MgpuFunctionHandle>(&notAKernel), 1, 1, 1,
                   kBlock, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE,
                     {"is not a kernel of a loaded module"}));
}

// Geometry that no device launches: the launch is refused and nothing runs.
TEST_F(LaunchMisuse, BadGeometry) {
  struct Case {
    intptr_t grid[3], block[3];
    int32_t smem;
    const char *words;
  };
  const Case cases[] = {
      {{0, 1, 1}, {kBlock, 1, 1}, 0, "is not a launchable grid"},
      {{-1, 1, 1}, {kBlock, 1, 1}, 0, "is not a launchable grid"},
      {{intptr_t(1) << 31, 1, 1},
       {kBlock, 1, 1},
       0,
       "is not a launchable grid"},
      {{1, 65536, 1}, {kBlock, 1, 1}, 0, "is not a launchable grid"},
      {{1, 1, 65536}, {kBlock, 1, 1}, 0, "is not a launchable grid"},
      {{1, 1, 1}, {0, 1, 1}, 0, "is not a launchable block"},
      {{1, 1, 1}, {-32, 1, 1}, 0, "is not a launchable block"},
      {{1, 1, 1}, {1025, 1, 1}, 0, "is not a launchable block"},
      {{1, 1, 1}, {1, 1, 65}, 0, "is not a launchable block"},
      {{1, 1, 1}, {64, 32, 1}, 0, "has 2048 threads"},
      {{1, 1, 1}, {kBlock, 1, 1}, -1, "asks for -1 bytes"},
  };
  void *out = AllocateSet(0);
  int32_t value = 1;
  void *params[] = {&out, &value};
  for (const Case &c : cases) {
    mgpuLaunchKernel(fill, c.grid[0], c.grid[1], c.grid[2], c.block[0],
                     c.block[1], c.block[2], c.smem, nullptr, params, nullptr,
                     2);
    EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {c.words})) << c.words;
    mgpuLaunchClusterKernel(fill, 1, 1, 1, c.grid[0], c.grid[1], c.grid[2],
                            c.block[0], c.block[1], c.block[2], c.smem, nullptr,
                            params, nullptr);
    EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {c.words})) << c.words;
  }
  // Clusters that do not tile the grid.
  for (intptr_t cluster : {0, -2, 3}) {
    mgpuLaunchClusterKernel(fill, cluster, 1, 1, 4, 1, 1, kBlock, 1, 1, 0,
                            nullptr, params, nullptr);
    EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"does not tile the grid"}));
  }
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 0));
  mgpuMemFree(out, nullptr);
}

TEST_F(LaunchMisuse, MoreDynamicSharedMemoryThanTheDeviceHas) {
  void *out = AllocateSet(0);
  int32_t value = 1;
  void *params[] = {&out, &value};
  mgpuLaunchKernel(fill, kCount / kBlock, 1, 1, kBlock, 1, 1, INT32_MAX,
                   nullptr, params, nullptr, 2);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"asks for 2147483647 bytes of dynamic shared memory"}));
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 0));
  mgpuMemFree(out, nullptr);
}

// Fewer parameters than the kernel takes, by the launch's own count: a read
// of the missing ones would run past the array.
TEST_F(LaunchMisuse, TooFewParameters) {
  void *out = AllocateSet(0);
  std::unique_ptr<void *[]> one(new void *[1]{&out});
  mgpuLaunchKernel(fill, kCount / kBlock, 1, 1, kBlock, 1, 1, 0, nullptr,
                   one.get(), nullptr, 1);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"kernel 'fill' takes 2 parameters, and the launch "
                      "passes 1 (its paramsCount)"}));
  mgpuLaunchKernel(fill, kCount / kBlock, 1, 1, kBlock, 1, 1, 0, nullptr,
                   nullptr, nullptr, 0);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"kernel 'fill' takes 2 parameters, and the launch's "
                      "params is null"}));
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 0));
  mgpuMemFree(out, nullptr);
}

TEST_F(LaunchMisuse, NullParameter) {
  void *out = AllocateSet(0);
  void *params[] = {&out, nullptr};
  mgpuLaunchKernel(fill, kCount / kBlock, 1, 1, kBlock, 1, 1, 0, nullptr,
                   params, nullptr, 2);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"parameter 1 of kernel 'fill' is null: params[1] must "
                      "point to its value"}));
  // A cluster launch, whose ABI has no count, checks for null all the same.
  mgpuLaunchClusterKernel(fill, 1, 1, 1, kCount / kBlock, 1, 1, kBlock, 1, 1, 0,
                          nullptr, params, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"parameter 1 of kernel 'fill' is null"}));
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 0));
  mgpuMemFree(out, nullptr);
}

//===--- Streams ----------------------------------------------------------===//

TEST_F(Streams, SynchronizeWaitsForTheKernel) {
  MgpuStream stream = mgpuStreamCreate();
  // Host-shared memory: read without a copy, once the stream is done.
  auto *out = static_cast<int32_t *>(mgpuMemAlloc(kCount * 4, stream, true));
  ASSERT_TRUE(Succeeded());
  ASSERT_NE(out, nullptr);
  std::fill(out, out + kCount, 0);
  LaunchSlowFill(out, 5, stream);
  mgpuStreamSynchronize(stream);
  EXPECT_TRUE(Succeeded());
  ExpectKernelWrote(std::vector<int32_t>(out, out + kCount),
                    std::vector<int32_t>(kCount, SlowFillValue(5)));
  mgpuMemFree(out, stream);
  mgpuStreamDestroy(stream);
}

TEST_F(Streams, CreateAndDestroyMany) {
  for (int i = 0; i < 100; ++i) {
    MgpuStream stream = mgpuStreamCreate();
    ASSERT_NE(stream, nullptr);
    mgpuStreamDestroy(stream);
  }
  std::vector<MgpuStream> held;
  for (int i = 0; i < 8; ++i)
    held.push_back(mgpuStreamCreate());
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < i; ++j)
      EXPECT_NE(held[i], held[j]) << "streams " << i << " and " << j;
  for (MgpuStream stream : held)
    mgpuStreamDestroy(stream);
  EXPECT_TRUE(Succeeded());
}

// As free(NULL); and a synchronization of the null stream with nothing on
// it.
TEST_F(Streams, DestroyOfNullIsNothing) {
  mgpuStreamDestroy(nullptr);
  EXPECT_TRUE(Succeeded());
  mgpuStreamSynchronize(nullptr);
  EXPECT_TRUE(Succeeded());
}

/// A stream, created and destroyed.
MgpuStream DestroyedStream() {
  MgpuStream stream = mgpuStreamCreate();
  mgpuStreamDestroy(stream);
  return stream;
}

TEST_F(StreamAfterDestroy, Launch) {
  void *out = AllocateSet(0);
  MgpuStream stale = DestroyedStream();
  ASSERT_TRUE(Succeeded());
  LaunchFill(out, 1, stale);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"stream", "destroyed"}));
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 0));
  mgpuMemFree(out, nullptr);
}

TEST_F(StreamAfterDestroy, LaunchAndSynchronize) {
  void *out = AllocateSet(0);
  MgpuStream stale = DestroyedStream();
  ASSERT_TRUE(Succeeded());
  int32_t value = 1;
  void *params[] = {&out, &value};
  mgpuLaunchKernelAndSynchronize(fill, kCount / kBlock, 1, 1, kBlock, 1, 1, 0,
                                 stale, params, nullptr, 2);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"stream", "destroyed"}));
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 0));
  mgpuMemFree(out, nullptr);
}

TEST_F(StreamAfterDestroy, Synchronize) {
  MgpuStream stale = DestroyedStream();
  ASSERT_TRUE(Succeeded());
  mgpuStreamSynchronize(stale);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"stream", "destroyed"}));
}

TEST_F(StreamAfterDestroy, Memcpy) {
  void *device = AllocateSet(0);
  std::vector<int32_t> host(kCount, 1);
  MgpuStream stale = DestroyedStream();
  ASSERT_TRUE(Succeeded());
  mgpuMemcpy(device, host.data(), kCount * 4, stale);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"stream", "destroyed"}));
  mgpuMemcpy(host.data(), device, kCount * 4, stale);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"stream", "destroyed"}));
  EXPECT_EQ(host, std::vector<int32_t>(kCount, 1));
  mgpuMemFree(device, nullptr);
}

TEST_F(StreamAfterDestroy, Memset) {
  void *device = AllocateSet(0);
  MgpuStream stale = DestroyedStream();
  ASSERT_TRUE(Succeeded());
  mgpuMemset32(device, 1, kCount, stale);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"stream", "destroyed"}));
  mgpuMemset16(device, 1, kCount, stale);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"stream", "destroyed"}));
  EXPECT_EQ(Read(device), std::vector<int32_t>(kCount, 0));
  mgpuMemFree(device, nullptr);
}

TEST_F(StreamAfterDestroy, EventRecord) {
  MgpuEvent event = mgpuEventCreate();
  MgpuStream stale = DestroyedStream();
  ASSERT_TRUE(Succeeded());
  mgpuEventRecord(event, stale);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"stream", "destroyed"}));
  mgpuEventDestroy(event);
}

TEST_F(StreamAfterDestroy, WaitEvent) {
  MgpuEvent event = mgpuEventCreate();
  mgpuEventRecord(event, nullptr);
  MgpuStream stale = DestroyedStream();
  ASSERT_TRUE(Succeeded());
  mgpuStreamWaitEvent(stale, event);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"stream", "destroyed"}));
  mgpuEventDestroy(event);
}

TEST_F(StreamAfterDestroy, DestroyAgain) {
  MgpuStream stale = DestroyedStream();
  ASSERT_TRUE(Succeeded());
  mgpuStreamDestroy(stale);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE,
                     {"the stream 0x", " is not a live stream (destroyed, or "
                                       "never created by mgpuStreamCreate)"}));
}

//===--- Events -----------------------------------------------------------===//

// A copy on one stream waits for a fill on another, through an event.
TEST_F(Events, OrderAFillAndACopyOnTwoStreams) {
  MgpuStream producer = mgpuStreamCreate(), consumer = mgpuStreamCreate();
  MgpuEvent filled = mgpuEventCreate();
  ASSERT_TRUE(Succeeded());
  void *device = mgpuMemAlloc(kCount * 4, producer, false);
  mgpuMemset32(device, 0x01020304, kCount, producer);
  mgpuEventRecord(filled, producer);
  mgpuStreamWaitEvent(consumer, filled);
  EXPECT_EQ(Read(device, consumer), std::vector<int32_t>(kCount, 0x01020304));
  EXPECT_TRUE(Succeeded());
  mgpuEventDestroy(filled);
  mgpuStreamDestroy(producer);
  mgpuStreamDestroy(consumer);
  mgpuMemFree(device, nullptr);
}

TEST_F(Events, OrderAKernelAndACopyOnTwoStreams) {
  MgpuStream producer = mgpuStreamCreate(), consumer = mgpuStreamCreate();
  MgpuEvent done = mgpuEventCreate();
  void *device = AllocateSet(0);
  mgpuStreamSynchronize(nullptr);
  ASSERT_TRUE(Succeeded());
  LaunchSlowFill(device, 11, producer);
  mgpuEventRecord(done, producer);
  mgpuStreamWaitEvent(consumer, done);
  ExpectKernelWrote(Read(device, consumer),
                    std::vector<int32_t>(kCount, SlowFillValue(11)));
  EXPECT_TRUE(Succeeded());
  mgpuEventDestroy(done);
  mgpuStreamDestroy(producer);
  mgpuStreamDestroy(consumer);
  mgpuMemFree(device, nullptr);
}

TEST_F(Events, SynchronizeWaitsForTheWorkRecordedBefore) {
  MgpuStream stream = mgpuStreamCreate();
  MgpuEvent done = mgpuEventCreate();
  auto *out = static_cast<int32_t *>(mgpuMemAlloc(kCount * 4, stream, true));
  ASSERT_TRUE(Succeeded());
  std::fill(out, out + kCount, 0);
  LaunchSlowFill(out, 13, stream);
  mgpuEventRecord(done, stream);
  mgpuEventSynchronize(done);
  EXPECT_TRUE(Succeeded());
  ExpectKernelWrote(std::vector<int32_t>(out, out + kCount),
                    std::vector<int32_t>(kCount, SlowFillValue(13)));
  mgpuEventDestroy(done);
  mgpuStreamDestroy(stream);
  mgpuMemFree(out, nullptr);
}

// Two copies into one host buffer on two streams, the second ordered after
// the first by an event: the second lands last, whichever stream is
// synchronized first.
TEST_F(Events, CopiesIntoOneBufferLandInTheOrderOfTheirStreams) {
  void *first = AllocateSet(1), *second = AllocateSet(2);
  mgpuStreamSynchronize(nullptr);
  MgpuStream a = mgpuStreamCreate(), b = mgpuStreamCreate();
  MgpuEvent copied = mgpuEventCreate();
  ASSERT_TRUE(Succeeded());
  LaunchSlowFill(first, 1, a);
  LaunchSlowFill(second, 2, b);
  std::vector<int32_t> host(kCount, 0);
  mgpuMemcpy(host.data(), first, kCount * 4, a);
  mgpuEventRecord(copied, a);
  mgpuStreamWaitEvent(b, copied);
  mgpuMemcpy(host.data(), second, kCount * 4, b);
  mgpuStreamSynchronize(b);
  mgpuStreamSynchronize(a);
  EXPECT_TRUE(Succeeded());
  EXPECT_EQ(host, std::vector<int32_t>(
                      kCount, TheBackend().runsKernels ? SlowFillValue(2) : 2));
  mgpuEventDestroy(copied);
  mgpuStreamDestroy(a);
  mgpuStreamDestroy(b);
  mgpuMemFree(first, nullptr);
  mgpuMemFree(second, nullptr);
}

// The calling thread's own stream records and waits as any other.
TEST_F(Events, OnTheNullStream) {
  MgpuEvent event = mgpuEventCreate();
  void *device = AllocateSet(0x7f7f7f7f);
  mgpuEventRecord(event, nullptr);
  mgpuStreamWaitEvent(nullptr, event);
  mgpuEventSynchronize(event);
  EXPECT_TRUE(Succeeded());
  EXPECT_EQ(Read(device), std::vector<int32_t>(kCount, 0x7f7f7f7f));
  mgpuEventDestroy(event);
  mgpuMemFree(device, nullptr);
}

// As free(NULL).
TEST_F(Events, DestroyOfNullIsNothing) {
  mgpuEventDestroy(nullptr);
  EXPECT_TRUE(Succeeded());
}

TEST_F(EventMisuse, NullEvent) {
  mgpuEventSynchronize(nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"the event is null"}));
  mgpuEventRecord(nullptr, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"the event is null"}));
  mgpuStreamWaitEvent(nullptr, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"the event is null"}));
}

TEST_F(EventMisuse, NotAnEvent) {
  int notAnEvent = 0;
  auto *event = reinterpret_cast<MgpuEvent>(&notAnEvent);
  mgpuEventSynchronize(event);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"is not a live event"}));
  mgpuEventRecord(event, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"is not a live event"}));
  mgpuStreamWaitEvent(nullptr, event);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"is not a live event"}));
  mgpuEventDestroy(event);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"is not a live event"}));
}

/// An event, recorded, then destroyed.
MgpuEvent DestroyedEvent() {
  MgpuEvent event = mgpuEventCreate();
  mgpuEventRecord(event, nullptr);
  mgpuEventDestroy(event);
  return event;
}

TEST_F(EventAfterDestroy, Synchronize) {
  MgpuEvent stale = DestroyedEvent();
  ASSERT_TRUE(Succeeded());
  mgpuEventSynchronize(stale);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"event", "destroyed"}));
}

TEST_F(EventAfterDestroy, Record) {
  MgpuEvent stale = DestroyedEvent();
  ASSERT_TRUE(Succeeded());
  mgpuEventRecord(stale, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"event", "destroyed"}));
}

TEST_F(EventAfterDestroy, StreamWait) {
  MgpuEvent stale = DestroyedEvent();
  ASSERT_TRUE(Succeeded());
  mgpuStreamWaitEvent(nullptr, stale);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"event", "destroyed"}));
}

TEST_F(EventAfterDestroy, DestroyAgain) {
  MgpuEvent stale = DestroyedEvent();
  ASSERT_TRUE(Succeeded());
  mgpuEventDestroy(stale);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"event", "destroyed"}));
}

//===--- Memory -----------------------------------------------------------===//

TEST_F(Memory, CopiesEveryWay) {
  std::vector<int32_t> data(kCount);
  for (int i = 0; i < kCount; ++i)
    data[i] = static_cast<int32_t>(uint32_t(i) * 2654435761u);
  auto *first = static_cast<char *>(mgpuMemAlloc(kCount * 4, nullptr, false));
  auto *second = static_cast<char *>(mgpuMemAlloc(kCount * 4, nullptr, false));
  ASSERT_TRUE(Succeeded());
  mgpuMemcpy(first, data.data(), kCount * 4, nullptr);
  // Device to device, from and to interior pointers.
  mgpuMemcpy(second + 8, first, (kCount - 2) * 4, nullptr);
  mgpuMemcpy(second, second + 8, 8, nullptr);
  std::vector<int32_t> expected(kCount);
  for (int i = 0; i < kCount - 2; ++i)
    expected[i + 2] = data[i];
  expected[0] = data[0];
  expected[1] = data[1];
  EXPECT_EQ(Read(second), expected);
  EXPECT_TRUE(Succeeded());
  mgpuMemFree(first, nullptr);
  mgpuMemFree(second, nullptr);
}

TEST_F(Memory, Memset32AndMemset16) {
  constexpr size_t kBytes = 64;
  auto *memory = static_cast<char *>(mgpuMemAlloc(kBytes, nullptr, false));
  std::vector<unsigned char> expected(kBytes);
  auto set = [&](size_t offset, const void *pattern, int size, size_t count) {
    for (size_t i = 0; i < count; ++i)
      std::memcpy(&expected[offset + i * size], pattern, size);
  };
  const uint32_t all = 0x01020304, some = 0xa0b0c0d0;
  const uint16_t half = 0xabcd, other = 0x1357;
  mgpuMemset32(memory, all, kBytes / 4, nullptr);
  set(0, &all, 4, kBytes / 4);
  mgpuMemset16(memory + 2, half, 5, nullptr);
  set(2, &half, 2, 5);
  mgpuMemset16(memory + 20, other, 7, nullptr);
  set(20, &other, 2, 7);
  mgpuMemset32(memory + 44, some, 3, nullptr);
  set(44, &some, 4, 3);
  // One byte more on the host, which the copy leaves.
  std::vector<unsigned char> host(kBytes + 1, 0xee);
  expected.push_back(0xee);
  mgpuMemcpy(host.data(), memory, kBytes, nullptr);
  mgpuStreamSynchronize(nullptr);
  EXPECT_TRUE(Succeeded());
  EXPECT_EQ(host, expected);
  mgpuMemFree(memory, nullptr);
}

TEST_F(Memory, HostSharedMemoryIsTheHosts) {
  auto *shared =
      static_cast<int32_t *>(mgpuMemAlloc(kCount * 4, nullptr, true));
  ASSERT_TRUE(Succeeded());
  ASSERT_NE(shared, nullptr);
  mgpuMemset32(shared, 0x0badf00d, kCount, nullptr);
  mgpuStreamSynchronize(nullptr);
  EXPECT_EQ(std::vector<int32_t>(shared, shared + kCount),
            std::vector<int32_t>(kCount, 0x0badf00d));
  for (int i = 0; i < kCount; ++i)
    shared[i] = i;
  void *device = AllocateSet(0);
  mgpuMemcpy(device, shared, kCount * 4, nullptr);
  std::vector<int32_t> expected(kCount);
  for (int i = 0; i < kCount; ++i)
    expected[i] = i;
  EXPECT_EQ(Read(device), expected);
  LaunchFill(shared, 4);
  mgpuStreamSynchronize(nullptr);
  EXPECT_TRUE(Succeeded());
  ExpectKernelWrote(std::vector<int32_t>(shared, shared + kCount),
                    std::vector<int32_t>(kCount, 4));
  mgpuMemFree(shared, nullptr);
  mgpuMemFree(device, nullptr);
}

// A copy into pageable memory (neither allocated nor host-shared) is done
// when it returns: the memory may be gone by the next synchronization (a
// stack frame).
TEST_F(Memory, CopiesIntoPageableMemoryAreDoneWhenTheyReturn) {
  MgpuStream stream = mgpuStreamCreate();
  void *device = mgpuMemAlloc(kCount * 4, stream, false);
  mgpuMemset32(device, 0x5eed, kCount, stream);
  std::vector<int32_t> host(kCount, 0);
  mgpuMemcpy(host.data(), device, kCount * 4, stream);
  EXPECT_EQ(host, std::vector<int32_t>(kCount, 0x5eed));
  LaunchFill(device, 5, stream);
  mgpuMemcpy(host.data(), device, kCount * 4, stream);
  ExpectKernelWrote(host, std::vector<int32_t>(kCount, 5));
  EXPECT_TRUE(Succeeded());
  mgpuStreamDestroy(stream);
  mgpuMemFree(device, nullptr);
}

TEST_F(Memory, NothingToDo) {
  EXPECT_EQ(mgpuMemAlloc(0, nullptr, false), nullptr);
  EXPECT_EQ(mgpuMemAlloc(0, nullptr, true), nullptr);
  EXPECT_TRUE(Succeeded());
  mgpuMemFree(nullptr, nullptr);
  EXPECT_TRUE(Succeeded());
  // No bytes: nothing is read, not even the pointers.
  mgpuMemcpy(nullptr, nullptr, 0, nullptr);
  mgpuMemset32(nullptr, 0, 0, nullptr);
  mgpuMemset16(nullptr, 0, 0, nullptr);
  EXPECT_TRUE(Succeeded());
}

TEST_F(MemoryMisuse, NullPointers) {
  void *device = AllocateSet(0);
  std::vector<int32_t> host(kCount);
  mgpuMemcpy(nullptr, host.data(), 16, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"with a null destination"}));
  mgpuMemcpy(device, nullptr, 16, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"with a null source"}));
  mgpuMemset32(nullptr, 0, 4, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"at null"}));
  mgpuMemset16(nullptr, 0, 4, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"at null"}));
  mgpuMemFree(device, nullptr);
}

// An allocation of N bytes, then a copy of N + 1 from it.
TEST_F(MemoryMisuse, CopyFromPastTheEnd) {
  constexpr size_t kBytes = 64;
  void *device = mgpuMemAlloc(kBytes, nullptr, false);
  std::vector<char> host(kBytes + 1, 'h');
  ASSERT_TRUE(Succeeded());
  mgpuMemcpy(host.data(), device, kBytes + 1, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"runs past the end of its allocation"}));
  // From inside it.
  mgpuMemcpy(host.data(), static_cast<char *>(device) + 60, 8, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"runs past the end of its allocation"}));
  mgpuStreamSynchronize(nullptr);
  EXPECT_EQ(host, std::vector<char>(kBytes + 1, 'h'));
  mgpuMemFree(device, nullptr);
}

// An allocation of N bytes, then a copy of N + 1 to it.
TEST_F(MemoryMisuse, CopyToPastTheEnd) {
  constexpr size_t kBytes = 64;
  void *device = mgpuMemAlloc(kBytes, nullptr, false);
  std::vector<char> host(kBytes + 1, 'h');
  ASSERT_TRUE(Succeeded());
  mgpuMemcpy(device, host.data(), kBytes + 1, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"runs past the end of its allocation"}));
  mgpuMemcpy(static_cast<char *>(device) + 60, host.data(), 8, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"runs past the end of its allocation"}));
  mgpuMemFree(device, nullptr);
}

TEST_F(MemoryMisuse, FillPastTheEnd) {
  constexpr size_t kBytes = 64;
  auto *device = static_cast<char *>(mgpuMemAlloc(kBytes, nullptr, false));
  ASSERT_TRUE(Succeeded());
  mgpuMemset32(device, 1, kBytes / 4 + 1, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"runs past the end of its allocation"}));
  mgpuMemset16(device + 32, 1, 17, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"runs past the end of its allocation"}));
  mgpuMemFree(device, nullptr);
}

// As cuMemsetD32 and cuMemsetD16 have it: elements aligned to their size.
TEST_F(MemoryMisuse, FillOfMisalignedElements) {
  auto *device = static_cast<char *>(mgpuMemAlloc(64, nullptr, false));
  ASSERT_TRUE(Succeeded());
  mgpuMemset32(device + 2, 1, 2, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"is not 4-byte aligned"}));
  mgpuMemset16(device + 1, 1, 2, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"is not 2-byte aligned"}));
  mgpuMemFree(device, nullptr);
}

TEST_F(MemoryMisuse, RangesThatWrapAroundTheAddressSpace) {
  void *device = mgpuMemAlloc(64, nullptr, false);
  std::vector<char> host(64);
  ASSERT_TRUE(Succeeded());
  mgpuMemcpy(device, host.data(), SIZE_MAX, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"end of the address space"}));
  mgpuMemcpy(host.data(), device, SIZE_MAX - 8, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"end of the address space"}));
  mgpuMemset32(device, 0, SIZE_MAX / 4 + 1, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"than the address space has"}));
  mgpuMemset16(device, 0, SIZE_MAX / 2, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"end of the address space"}));
  mgpuMemcpy(device, host.data(), uint64_t(1) << 63, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE));
  // 64 bytes from 16 below the top of the address space.
  void *top = reinterpret_cast<void *>(UINTPTR_MAX - 15);
  mgpuMemcpy(device, top, 64, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"the copy's source of 64 bytes at ",
                      " runs past the end of the address space"}));
  mgpuMemcpy(top, device, 64, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"the copy's destination of 64 bytes at ",
                      " runs past the end of the address space"}));
  mgpuMemset32(top, 0, 16, nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"the fill of 64 bytes at "}));
  mgpuMemFree(device, nullptr);
}

TEST_F(MemoryMisuse, DoubleFree) {
  void *device = mgpuMemAlloc(64, nullptr, false);
  mgpuMemFree(device, nullptr);
  ASSERT_TRUE(Succeeded());
  mgpuMemFree(device, nullptr);
  EXPECT_TRUE(
      Failed(MGPU_ERROR_INVALID_VALUE, {"not memory from mgpuMemAlloc"}));
}

TEST_F(MemoryMisuse, FreeOfMemoryNotFromMgpuMemAlloc) {
  int local = 0;
  mgpuMemFree(&local, nullptr);
  EXPECT_TRUE(
      Failed(MGPU_ERROR_INVALID_VALUE, {"not memory from mgpuMemAlloc"}));
}

//===--- Host memory ------------------------------------------------------===//

/// Page-aligned host memory of `bytes`, as malloc'd memory that a program
/// registers.
struct PageAligned {
  explicit PageAligned(size_t bytes)
      : data(static_cast<int32_t *>(std::aligned_alloc(4096, bytes))) {
    std::memset(data, 0, bytes);
  }
  ~PageAligned() { std::free(data); }
  int32_t *data;
};

TEST_F(HostMemory, RegisteredMemoryTakesCopies) {
  PageAligned host(4096);
  mgpuMemHostRegister(host.data, 4096);
  ASSERT_TRUE(Succeeded());
  void *device = AllocateSet(0x3c3c3c3c);
  mgpuMemcpy(host.data, device, kCount * 4, nullptr);
  mgpuStreamSynchronize(nullptr);
  EXPECT_EQ(std::vector<int32_t>(host.data, host.data + kCount),
            std::vector<int32_t>(kCount, 0x3c3c3c3c));
  mgpuMemHostUnregister(host.data);
  EXPECT_TRUE(Succeeded());
  mgpuMemFree(device, nullptr);
}

TEST_F(HostMemory, RegisteredTwice) {
  PageAligned host(4096);
  mgpuMemHostRegister(host.data, 4096);
  ASSERT_TRUE(Succeeded());
  mgpuMemHostRegister(host.data, 4096);
  EXPECT_TRUE(Failed(MGPU_ERROR_HOST_MEMORY_ALREADY_REGISTERED));
  mgpuMemHostUnregister(host.data);
  EXPECT_TRUE(Succeeded());
  mgpuMemHostUnregister(host.data);
  EXPECT_TRUE(Failed(MGPU_ERROR_HOST_MEMORY_NOT_REGISTERED));
}

// What MLIR's CUDA programs hand a kernel after gpu.host_register: the
// host's own pointer, which the device reaches at the same address.
TEST_F(HostMemory, KernelWritesRegisteredMemoryAtItsHostAddress) {
  PageAligned host(4096);
  mgpuMemHostRegister(host.data, kCount * 4);
  ASSERT_TRUE(Succeeded());
  LaunchFill(host.data, -9);
  mgpuStreamSynchronize(nullptr);
  ExpectKernelWrote(std::vector<int32_t>(host.data, host.data + kCount),
                    std::vector<int32_t>(kCount, -9));
  mgpuMemHostUnregister(host.data);
  EXPECT_TRUE(Succeeded());
}

/// The int32 values of `count` elements at `data`: `value` in [first, last),
/// 0 elsewhere.
std::vector<int32_t> ZerosBut(int count, int first, int last, int32_t value) {
  std::vector<int32_t> values(count, 0);
  std::fill(values.begin() + first, values.begin() + last, value);
  return values;
}

// Two arrays that malloc put in one page, each registered on its own; the
// bytes around and between them stay the host's.
TEST_F(HostMemory, TwoRegistrationsInOnePage) {
  PageAligned host(4096);
  int32_t *a = host.data + 4, *b = host.data + 128;
  mgpuMemHostRegister(a, 64 * 4);
  mgpuMemHostRegister(b, 64 * 4);
  ASSERT_TRUE(Succeeded());
  LaunchFill(a, 1, nullptr, 64);
  LaunchFill(b, 2, nullptr, 64);
  mgpuStreamSynchronize(nullptr);
  std::vector<int32_t> expected = ZerosBut(1024, 4, 68, 1);
  std::fill(expected.begin() + 128, expected.begin() + 192, 2);
  ExpectKernelWrote(std::vector<int32_t>(host.data, host.data + 1024),
                    expected);
  // One goes; the other, in the same page, stays.
  mgpuMemHostUnregister(a);
  EXPECT_TRUE(Succeeded());
  LaunchFill(b, 3, nullptr, 64);
  mgpuStreamSynchronize(nullptr);
  std::fill(expected.begin() + 128, expected.begin() + 192, 3);
  ExpectKernelWrote(std::vector<int32_t>(host.data, host.data + 1024),
                    expected);
  mgpuMemHostUnregister(b);
  EXPECT_TRUE(Succeeded());
}

// A registration that starts inside one page and ends inside the next, of
// a size that is a multiple of no page, and not even of its elements.
TEST_F(HostMemory, RegistrationAcrossPagesOfNoPageSize) {
  PageAligned host(8192);
  int32_t *start = host.data + 1000;
  mgpuMemHostRegister(start, 64 * 4 + 2);
  ASSERT_TRUE(Succeeded());
  LaunchFill(start, 5, nullptr, 64);
  mgpuStreamSynchronize(nullptr);
  ExpectKernelWrote(std::vector<int32_t>(host.data, host.data + 2048),
                    ZerosBut(2048, 1000, 1064, 5));
  mgpuMemHostUnregister(start);
  EXPECT_TRUE(Succeeded());
}

// Stream-ordered copies into registered memory at an interior pointer, and
// out of it: what the host wrote before is what the copy reads.
TEST_F(HostMemory, CopiesIntoAndOutOfRegisteredMemory) {
  PageAligned host(8192);
  int32_t *start = host.data + 1000;
  mgpuMemHostRegister(start, 96 * 4);
  ASSERT_TRUE(Succeeded());
  void *device = AllocateSet(0x5a5a5a5a);
  mgpuMemcpy(start + 8, device, 64 * 4, nullptr);
  mgpuStreamSynchronize(nullptr);
  std::vector<int32_t> expected = ZerosBut(2048, 1008, 1072, 0x5a5a5a5a);
  EXPECT_EQ(std::vector<int32_t>(host.data, host.data + 2048), expected);
  for (int i = 0; i < 96; ++i)
    start[i] = i - 48;
  mgpuMemcpy(device, start, 96 * 4, nullptr);
  std::vector<int32_t> copied = Read(device, nullptr, 96);
  for (int i = 0; i < 96; ++i)
    EXPECT_EQ(copied[i], i - 48) << i;
  mgpuMemFree(device, nullptr);
  mgpuMemHostUnregister(start);
  EXPECT_TRUE(Succeeded());
}

// Fills of registered memory, of 32-bit and of 16-bit elements at an odd
// 2-byte offset, run on the stream.
TEST_F(HostMemory, FillsOfRegisteredMemory) {
  PageAligned host(4096);
  int32_t *start = host.data + 3;
  mgpuMemHostRegister(start, 100 * 4);
  ASSERT_TRUE(Succeeded());
  mgpuMemset32(start, 0x01020304, 100, nullptr);
  auto *halves = reinterpret_cast<uint16_t *>(start) + 21;
  mgpuMemset16(halves, 0xbeef, 7, nullptr);
  mgpuStreamSynchronize(nullptr);
  EXPECT_TRUE(Succeeded());
  std::vector<uint16_t> expected(2048, 0);
  for (int i = 0; i < 100; ++i) {
    expected[6 + 2 * i] = 0x0304;
    expected[7 + 2 * i] = 0x0102;
  }
  std::fill(expected.begin() + 6 + 21, expected.begin() + 6 + 28, 0xbeef);
  auto *all = reinterpret_cast<uint16_t *>(host.data);
  EXPECT_EQ(std::vector<uint16_t>(all, all + 2048), expected);
  mgpuMemHostUnregister(start);
  EXPECT_TRUE(Succeeded());
}

TEST_F(HostMemory, NullOrNoBytes) {
  PageAligned host(4096);
  mgpuMemHostRegister(nullptr, 4096);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"cannot register 4096 bytes"}));
  mgpuMemHostRegister(host.data, 0);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"cannot register 0 bytes"}));
  mgpuMemHostUnregister(nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"cannot unregister null"}));
  mgpuMemHostRegister(host.data, SIZE_MAX);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"end of the address space"}));
}

// Memory that is not all there: refused before any backend is asked, as
// cuMemHostRegister refuses it (a kernel would fault on the missing page).
TEST_F(HostMemory, MemoryThatIsNotAllMapped) {
  const long page = sysconf(_SC_PAGESIZE);
  void *pages = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(pages, MAP_FAILED);
  ASSERT_EQ(munmap(static_cast<char *>(pages) + page, page), 0);
  mgpuMemHostRegister(static_cast<char *>(pages) + page - 8, 16);
  EXPECT_TRUE(
      Failed(MGPU_ERROR_INVALID_VALUE, {"cannot register 16 bytes at ",
                                        ": they are not all mapped memory"}));
  mgpuMemHostRegister(pages, page);
  EXPECT_TRUE(Succeeded());
  mgpuMemHostUnregister(pages);
  EXPECT_TRUE(Succeeded());
  munmap(pages, page);
}

TEST_F(HostMemory, MemRefs) {
  PageAligned host(4096);
  auto *bytes = reinterpret_cast<char *>(host.data);
  MemRef2D dense = {bytes, bytes, 0, {16, 64, 64, 1}};
  mgpuMemHostRegisterMemRef(2, dense.descriptor(), 4);
  ASSERT_TRUE(Succeeded());
  void *device = AllocateSet(0x11223344);
  mgpuMemcpy(host.data, device, kCount * 4, nullptr);
  mgpuStreamSynchronize(nullptr);
  EXPECT_EQ(host.data[kCount - 1], 0x11223344);
  mgpuMemHostUnregisterMemRef(2, dense.descriptor(), 4);
  EXPECT_TRUE(Succeeded());
  mgpuMemHostUnregisterMemRef(2, dense.descriptor(), 4);
  EXPECT_TRUE(Failed(MGPU_ERROR_HOST_MEMORY_NOT_REGISTERED));
  mgpuMemFree(device, nullptr);
}

// What MLIR's GPU programs hand a kernel after registering a memref: the
// memref at the device's address of its registered memory, which a kernel
// writes through.
TEST_F(HostMemory, DeviceMemRefs) {
  PageAligned host(4096);
  mgpuMemHostRegister(host.data, 4096);
  ASSERT_TRUE(Succeeded());
  auto *floats = reinterpret_cast<float *>(host.data);
  MgpuMemRef1d f =
      mgpuMemGetDeviceMemRef1dFloat(floats, floats, 3, kCount - 3, 1);
  ASSERT_TRUE(Succeeded());
  EXPECT_NE(f.aligned, nullptr);
  EXPECT_EQ(f.allocated, f.aligned);
  EXPECT_EQ(f.offset, 3);
  EXPECT_EQ(f.size, kCount - 3);
  EXPECT_EQ(f.stride, 1);
  MgpuMemRef1d i =
      mgpuMemGetDeviceMemRef1dInt32(host.data, host.data, 0, kCount, 1);
  ASSERT_TRUE(Succeeded());
  EXPECT_EQ(i.aligned, f.aligned);
  LaunchFill(i.aligned, 7);
  mgpuStreamSynchronize(nullptr);
  ExpectKernelWrote(std::vector<int32_t>(host.data, host.data + kCount),
                    std::vector<int32_t>(kCount, 7));
  mgpuMemHostUnregister(host.data);
  EXPECT_TRUE(Succeeded());
}

TEST_F(HostMemory, DeviceMemRefOfMemoryNotRegistered) {
  PageAligned host(4096);
  MgpuMemRef1d f =
      mgpuMemGetDeviceMemRef1dInt32(host.data, host.data, 2, 16, 1);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE));
  EXPECT_EQ(f.aligned, nullptr);
  EXPECT_EQ(f.offset, 2);
}

TEST_F(HostMemory, DeviceMemRefOfNull) {
  MgpuMemRef1d f = mgpuMemGetDeviceMemRef1dFloat(nullptr, nullptr, 0, 16, 1);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"aligned pointer is null"}));
  EXPECT_EQ(f.aligned, nullptr);
  EXPECT_EQ(f.size, 16);
}

TEST_F(HostMemory, MemRefsThatAreNotDenseOrNull) {
  PageAligned host(4096);
  auto *bytes = reinterpret_cast<char *>(host.data);
  MemRef2D strided = {bytes, bytes, 0, {16, 32, 64, 2}};
  mgpuMemHostRegisterMemRef(2, strided.descriptor(), 4);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE,
                     {"only densely packed memrefs can be registered; "
                      "dimension 1 has stride 2, expected 1"}));
  mgpuMemHostRegisterMemRef(2, nullptr, 4);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"invalid memref descriptor"}));
  mgpuMemHostUnregisterMemRef(-1, strided.descriptor(), 4);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"invalid memref descriptor"}));
}

//===--- Devices ----------------------------------------------------------===//

TEST_F(Devices, EachThreadStartsOnDevice0) {
  int32_t code = -1;
  void *memory = nullptr;
  std::thread([&] {
    memory = mgpuMemAlloc(64, nullptr, false);
    code = mgpuGetLastError();
  }).join();
  EXPECT_EQ(code, MGPU_SUCCESS);
  EXPECT_NE(memory, nullptr);
  mgpuSetDefaultDevice(0);
  mgpuMemFree(memory, nullptr);
  EXPECT_TRUE(Succeeded());
}

// A device that does not exist: each later call of the thread is an error
// that names it, until the thread moves back.
TEST_F(Devices, ADeviceThatDoesNotExist) {
  void *out = AllocateSet(0);
  ASSERT_TRUE(Succeeded());
  for (int32_t device : {64, -1}) {
    SCOPED_TRACE(device);
    const std::string words =
        "device " + std::to_string(device) + " does not exist";
    mgpuSetDefaultDevice(device);
    EXPECT_TRUE(Succeeded());
    EXPECT_EQ(mgpuStreamCreate(), nullptr);
    EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_DEVICE, {words.c_str()}));
    EXPECT_EQ(mgpuMemAlloc(64, nullptr, false), nullptr);
    EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_DEVICE, {words.c_str()}));
    mgpuStreamSynchronize(nullptr);
    EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_DEVICE, {words.c_str()}));
    LaunchFill(out, 1);
    EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_DEVICE, {words.c_str()}));
    mgpuSetDefaultDevice(0);
    MgpuStream stream = mgpuStreamCreate();
    EXPECT_TRUE(Succeeded());
    mgpuStreamDestroy(stream);
  }
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 0));
  mgpuMemFree(out, nullptr);
}

//===--- Tensor maps ------------------------------------------------------===//

TEST_F(TensorMaps, EncodeTiled) {
  void *global = mgpuMemAlloc(64 * 8 * 4, nullptr, false);
  // A tensor map: 128 bytes, 128-byte aligned.
  alignas(128) char map[128] = {};
  const uint64_t dims[2] = {8, 64}, strides[1] = {8 * 4};
  const uint32_t box[2] = {8, 16}, elementStrides[2] = {1, 1};
  mgpuTensorMapEncodeTiled(map, /*FLOAT32=*/7, 2, global, dims, strides, box,
                           elementStrides, 0, 0, 0, 0);
  EXPECT_TRUE(Succeeded());
  EXPECT_NE(std::vector<char>(map, map + sizeof(map)),
            std::vector<char>(sizeof(map), 0));
  mgpuMemFree(global, nullptr);
}

// Equal maps share one device copy.
TEST_F(TensorMaps, EncodeTiledMemrefSharesADeviceCopy) {
  std::vector<float> data(64 * 8);
  MemRef2D memref = {reinterpret_cast<char *>(data.data()),
                     reinterpret_cast<char *>(data.data()),
                     0,
                     {64, 8, 8, 1}};
  int64_t box[2] = {16, 8};
  void *first = mgpuTensorMapEncodeTiledMemref(2, &memref, 7, 0, 0, 0, 0, box);
  EXPECT_TRUE(Succeeded());
  EXPECT_NE(first, nullptr);
  EXPECT_EQ(mgpuTensorMapEncodeTiledMemref(2, &memref, 7, 0, 0, 0, 0, box),
            first);
  int64_t otherBox[2] = {32, 8};
  EXPECT_NE(mgpuTensorMapEncodeTiledMemref(2, &memref, 7, 0, 0, 0, 0, otherBox),
            first);
  EXPECT_TRUE(Succeeded());
}

TEST_F(TensorMaps, NotSupportedWithoutTma) {
  void *global = mgpuMemAlloc(64 * 8 * 4, nullptr, false);
  alignas(128) char map[128] = {};
  const uint64_t dims[2] = {8, 64}, strides[1] = {8 * 4};
  const uint32_t box[2] = {8, 16}, elementStrides[2] = {1, 1};
  mgpuTensorMapEncodeTiled(map, 7, 2, global, dims, strides, box,
                           elementStrides, 0, 0, 0, 0);
  EXPECT_TRUE(Failed(MGPU_ERROR_NOT_SUPPORTED, {"tensor maps (TMA) need"}));
  std::vector<float> data(64 * 8);
  MemRef2D memref = {reinterpret_cast<char *>(data.data()),
                     reinterpret_cast<char *>(data.data()),
                     0,
                     {64, 8, 8, 1}};
  int64_t memrefBox[2] = {16, 8};
  EXPECT_EQ(
      mgpuTensorMapEncodeTiledMemref(2, &memref, 7, 0, 0, 0, 0, memrefBox),
      nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_NOT_SUPPORTED, {"tensor maps (TMA) need"}));
  mgpuMemFree(global, nullptr);
}

// Checked before any backend is asked: the same answer everywhere.
TEST_F(TensorMaps, NullArgumentsOrUnknownKinds) {
  alignas(128) char map[128] = {};
  const uint64_t dims[2] = {8, 64}, strides[1] = {8 * 4};
  const uint32_t box[2] = {8, 16}, elementStrides[2] = {1, 1};
  mgpuTensorMapEncodeTiled(nullptr, 7, 2, map, dims, strides, box,
                           elementStrides, 0, 0, 0, 0);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"is null"}));
  mgpuTensorMapEncodeTiled(map, 7, 2, map, dims, nullptr, box, elementStrides,
                           0, 0, 0, 0);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"is null"}));
  mgpuTensorMapEncodeTiled(map, 7, 6, map, dims, strides, box, elementStrides,
                           0, 0, 0, 0);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"rank 1 to 5, not 6"}));
  mgpuTensorMapEncodeTiled(map, 13, 2, map, dims, strides, box, elementStrides,
                           0, 0, 0, 0);
  EXPECT_TRUE(
      Failed(MGPU_ERROR_INVALID_VALUE, {"unknown tensor map data type"}));
  int64_t memrefBox[2] = {16, 8};
  EXPECT_EQ(
      mgpuTensorMapEncodeTiledMemref(2, nullptr, 7, 0, 0, 0, 0, memrefBox),
      nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"is null"}));
  EXPECT_EQ(mgpuTensorMapEncodeTiledMemref(0, map, 7, 0, 0, 0, 0, memrefBox),
            nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_VALUE, {"rank 1 to 5, not 0"}));
}

//===--- Errors -----------------------------------------------------------===//

// Each thread has its own last error; reading clears it, not its message.
TEST_F(Errors, TheLastErrorIsEachThreadsAndReadingClearsIt) {
  mgpuModuleGetFunction(module, "missing");
  std::string otherMessage = "unread";
  int32_t otherCode = -1;
  std::thread([&] {
    otherCode = mgpuGetLastError();
    otherMessage = mgpuGetLastErrorMessage();
  }).join();
  EXPECT_EQ(otherCode, MGPU_SUCCESS);
  EXPECT_EQ(otherMessage, "");
  EXPECT_EQ(mgpuGetLastError(), MGPU_ERROR_NOT_FOUND);
  EXPECT_EQ(mgpuGetLastError(), MGPU_SUCCESS);
  EXPECT_NE(std::string(mgpuGetLastErrorMessage()).find("'missing'"),
            std::string::npos);
}

// An installed handler receives every thread's errors instead of the
// policy; the failing call returns all the same, and mgpuGetLastError
// reports it too. Uninstalled, the policy is back.
TEST_F(Errors, AHandlerTakesEveryError) {
  RecordedErrors errors;
  mgpuSetErrorHandler(RecordedErrors::Record, &errors);
  EXPECT_EQ(mgpuModuleGetFunction(module, "missing"), nullptr);
  int32_t code = mgpuGetLastError();
  std::thread([] { mgpuEventSynchronize(nullptr); }).join();
  mgpuSetErrorHandler(nullptr, nullptr);
  EXPECT_EQ(code, MGPU_ERROR_NOT_FOUND);
  ASSERT_EQ(errors.seen.size(), 2u);
  EXPECT_EQ(errors.seen[1].code, MGPU_ERROR_INVALID_HANDLE);
  EXPECT_EQ(errors.seen[1].message, "mgpuEventSynchronize: the event is null");
  mgpuEventSynchronize(nullptr);
  EXPECT_TRUE(Failed(MGPU_ERROR_INVALID_HANDLE, {"the event is null"}));
  EXPECT_EQ(errors.seen.size(), 2u);
}

//===--- Processes --------------------------------------------------------===//

/// Set in a forked child about to exit: LeakSanitizer, in a sanitizer
/// build, would count what the parent's other threads (which the child does
/// not have) keep for their thread-local destructors.
bool forkedChildExits = false;

/// The status of child `pid` once it ends, or -1 if it has not ended within
/// `seconds` (then it is killed).
int WaitFor(pid_t pid, int seconds) {
  for (int tenths = 0; tenths < 10 * seconds; ++tenths) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid)
      return status;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  return -1;
}

// A child that fork() makes after the runtime started has none of the
// parent's devices, streams or driver threads: its calls are errors that
// say so, the first a launch on the thread that launched in the parent, not
// waits for ever; its exit does not wait either; the parent goes on.
TEST_F(Processes, AForkedChildsCallsAreErrors) {
  void *out = AllocateSet(0);
  LaunchFill(out, 3);
  mgpuStreamSynchronize(nullptr);
  ASSERT_TRUE(Succeeded());
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    LaunchFill(out, 4);
    bool said = Failed(MGPU_ERROR_NOT_INITIALIZED,
                       {"is a child that fork() made of process ",
                        " after the runtime started there"});
    mgpuStreamSynchronize(nullptr);
    said = said && Failed(MGPU_ERROR_NOT_INITIALIZED);
    said = said && !mgpuMemAlloc(64, nullptr, false) &&
           Failed(MGPU_ERROR_NOT_INITIALIZED);
    std::_Exit(said ? 0 : 1);
  }
  int status = WaitFor(pid, 60);
  ASSERT_NE(status, -1) << "the forked child's call did not return";
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
      << "the forked child's calls were not the errors expected";
  std::fflush(nullptr);
  pid = fork();
  if (pid == 0) {
    forkedChildExits = true;
    std::exit(0);
  }
  status = WaitFor(pid, 60);
  ASSERT_NE(status, -1) << "the forked child's exit did not end";
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  LaunchFill(out, 5);
  ExpectKernelWrote(Read(out), std::vector<int32_t>(kCount, 5));
  EXPECT_TRUE(Succeeded());
  mgpuMemFree(out, nullptr);
}

//===--- The suite itself -------------------------------------------------===//

// Every entry point of mgpu_abi.def is called by some case: a new entry
// point needs cases here.
TEST(Suite, CoversEveryEntryPoint) {
  static const char *const kEntryPoints[] = {
#define MGPU_FUNCTION(name, ...) #name,
#include "mgpu/mgpu_abi.def"
  };
  const std::string source = ReadFileNamedBy("CONFORMANCE_TEST_SOURCE");
  for (const char *entryPoint : kEntryPoints)
    EXPECT_NE(source.find(std::string(entryPoint) + "("), std::string::npos)
        << entryPoint << " has no case";
}

// Every entry of this backend's skip list names a case and says why.
TEST(Suite, EverySkipNamesACase) {
  const ::testing::UnitTest &tests = *::testing::UnitTest::GetInstance();
  for (const Skip &skip : TheBackend().skips) {
    bool found = false;
    for (int i = 0; i < tests.total_test_suite_count() && !found; ++i) {
      const ::testing::TestSuite &suite = *tests.GetTestSuite(i);
      for (int j = 0; j < suite.total_test_count() && !found; ++j)
        found =
            std::string(suite.name()) + "." + suite.GetTestInfo(j)->name() ==
            skip.test;
    }
    EXPECT_TRUE(found) << "the skip list names no case " << skip.test;
    EXPECT_NE(std::string(skip.reason), "") << skip.test;
  }
}

} // namespace
} // namespace mgpu::conformance

extern "C" int __lsan_is_turned_off() {
  return mgpu::conformance::forkedChildExits;
}
