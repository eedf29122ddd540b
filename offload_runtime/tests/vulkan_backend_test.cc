//===- vulkan_backend_test.cc - The Vulkan backend on lavapipe ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The Vulkan backend runs SPIR-V kernels written by the kernel ABI of
// docs/vulkan-target.md (vulkan_test_kernels.spvasm,
// vulkan_scalar_kernels.spvasm, vulkan_shared_kernels.spvasm), driven through
// the C API as compiled code drives it, on whatever Vulkan 1.3 device the
// machine has (Mesa's lavapipe in CI); results are checked against the CPU's.
// What depends on the process's first call (the backend's choice, the device's)
// runs in a child process of its own.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"
#include "offload_runtime/testing/test_support.h"

#include "gtest/gtest.h"

#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using ::mgpu::testing::ExpectInChild;
using ::mgpu::testing::ReadFileNamedBy;
using ::mgpu::testing::RecordedErrors;
using ::mgpu::testing::Require;

MgpuObject SpirvObject(const std::vector<char> &bytes) {
  MgpuObject object = {};
  object.data = bytes.data();
  object.size = bytes.size();
  object.kind = MGPU_OBJECT_SPIRV;
  return object;
}

/// An object that claims to be a shared object for this CPU (x86-64), and
/// is not one: loading it fails on the host backend.
MgpuObject BrokenHostObject(const std::vector<char> &bytes) {
  MgpuObject object = {};
  object.data = bytes.data();
  object.size = 16;
  object.kind = MGPU_OBJECT_HOST;
  object.arch = 62;
  return object;
}

/// x after `iterations` steps of x = x * 1664525 + 1013904223 from 0, as
/// slow_fill computes it.
uint32_t Lcg(uint32_t iterations) {
  uint32_t x = 0;
  for (uint32_t i = 0; i < iterations; ++i)
    x = x * 1664525u + 1013904223u;
  return x;
}

/// printf-style formatting, for expected messages.
template <typename... Args>
std::string StrFormat(const char *format, Args... args) {
  char text[512];
  std::snprintf(text, sizeof(text), format, args...);
  return text;
}

class VulkanBackend : public ::testing::Test {
protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    mgpuSetErrorHandler(RecordedErrors::Record, &errors);
    kernels = ReadFileNamedBy("VULKAN_TEST_KERNELS");
    MgpuObject object = SpirvObject(kernels);
    module = mgpuModuleLoadObjects(&object, 1, "kernels");
    ASSERT_EQ(errors.TakeMessage(), "");
    vectorAdd = mgpuModuleGetFunction(module, "vector_add");
    fixedFill = mgpuModuleGetFunction(module, "fixed_fill");
    slowFill = mgpuModuleGetFunction(module, "slow_fill");
    ASSERT_EQ(errors.TakeMessage(), "");
  }

  void TearDown() override {
    mgpuModuleUnload(module);
    EXPECT_EQ(errors.TakeMessage(), "");
    mgpuSetErrorHandler(nullptr, nullptr);
  }

  /// fixed_fill(out, value) over `threads` threads in blocks of `block`.
  void LaunchFixedFill(void *out, uint32_t value, int threads, int block,
                       MgpuStream stream = nullptr) {
    void *params[] = {&out, &value};
    mgpuLaunchKernel(fixedFill, threads / block, 1, 1, block, 1, 1, 0, stream,
                     params, nullptr, 2);
  }

  std::vector<uint32_t> Read(const void *device, size_t count,
                             MgpuStream stream = nullptr) {
    std::vector<uint32_t> host(count);
    mgpuMemcpy(host.data(), const_cast<void *>(device), count * 4, stream);
    mgpuStreamSynchronize(stream);
    return host;
  }

  /// The one error since the last Take(), which must have `code`.
  std::string TakeRefusal(int code = CUDA_ERROR_INVALID_VALUE) {
    EXPECT_EQ(errors.seen.empty() ? 0 : errors.seen[0].code, code);
    return errors.TakeMessage();
  }

  RecordedErrors errors;
  std::vector<char> kernels;
  MgpuModuleHandle module = nullptr;
  MgpuFunctionHandle vectorAdd = nullptr, fixedFill = nullptr,
                     slowFill = nullptr;
};

/// A rank-1 memref descriptor's fields, as the host lowering passes them.
struct MemRef1D {
  void *allocated, *aligned;
  int64_t offset, size, stride;
};

TEST_F(VulkanBackend, VectorAddWithTwoBlockSizes) {
  constexpr int kCount = 1000, kOffset = 3;
  std::vector<float> a(kCount + kOffset), b(kCount), expected(kCount);
  for (int i = 0; i < kCount; ++i) {
    a[i + kOffset] = 0.5f * i;
    b[i] = 1000.0f - i;
    expected[i] = a[i + kOffset] + b[i];
  }
  void *da = mgpuMemAlloc(a.size() * 4, nullptr, false);
  void *db = mgpuMemAlloc(b.size() * 4, nullptr, false);
  void *dc = mgpuMemAlloc(kCount * 4, nullptr, false);
  mgpuMemcpy(da, a.data(), a.size() * 4, nullptr);
  mgpuMemcpy(db, b.data(), b.size() * 4, nullptr);
  for (int block : {64, 128}) {
    mgpuMemset32(dc, 0, kCount, nullptr);
    MemRef1D ma = {da, da, kOffset, kCount, 1}, mb = {db, db, 0, kCount, 1},
             mc = {dc, dc, 0, kCount, 1};
    int32_t n = kCount;
    void *params[] = {&ma.allocated, &ma.aligned,   &ma.offset,    &ma.size,
                      &ma.stride,    &mb.allocated, &mb.aligned,   &mb.offset,
                      &mb.size,      &mb.stride,    &mc.allocated, &mc.aligned,
                      &mc.offset,    &mc.size,      &mc.stride,    &n};
    mgpuLaunchKernel(vectorAdd, (kCount + block - 1) / block, 1, 1, block, 1, 1,
                     0, nullptr, params, nullptr, 16);
    std::vector<float> c(kCount);
    mgpuMemcpy(c.data(), dc, kCount * 4, nullptr);
    mgpuStreamSynchronize(nullptr);
    ASSERT_EQ(errors.TakeMessage(), "");
    EXPECT_EQ(c, expected) << "block " << block;
  }
  for (void *memory : {da, db, dc})
    mgpuMemFree(memory, nullptr);
}

// Registered host memory, as MLIR's programs hand it to kernels: each
// memref's own pointers (allocated, aligned, an offset), of three arrays
// that malloc may put in shared pages. The kernel reads what the host wrote
// before the launch, and the host what the kernel wrote, after the stream
// synchronizes, without a copy.
TEST_F(VulkanBackend, VectorAddOnRegisteredHostMemory) {
  constexpr int kCount = 1000, kOffset = 3;
  std::vector<float> a(kCount + kOffset), b(kCount), c(kCount, -1.0f),
      expected(kCount);
  for (std::vector<float> *array : {&a, &b, &c})
    mgpuMemHostRegister(array->data(), array->size() * 4);
  ASSERT_EQ(errors.TakeMessage(), "");
  for (int i = 0; i < kCount; ++i) {
    a[i + kOffset] = 0.25f * i;
    b[i] = 3.0f - i;
    expected[i] = a[i + kOffset] + b[i];
  }
  MemRef1D ma = {a.data(), a.data(), kOffset, kCount, 1},
           mb = {b.data(), b.data(), 0, kCount, 1},
           mc = {c.data(), c.data(), 0, kCount, 1};
  int32_t n = kCount;
  void *params[] = {&ma.allocated, &ma.aligned,   &ma.offset,    &ma.size,
                    &ma.stride,    &mb.allocated, &mb.aligned,   &mb.offset,
                    &mb.size,      &mb.stride,    &mc.allocated, &mc.aligned,
                    &mc.offset,    &mc.size,      &mc.stride,    &n};
  mgpuLaunchKernel(vectorAdd, (kCount + 63) / 64, 1, 1, 64, 1, 1, 0, nullptr,
                   params, nullptr, 16);
  mgpuStreamSynchronize(nullptr);
  ASSERT_EQ(errors.TakeMessage(), "");
  EXPECT_EQ(c, expected);
  for (std::vector<float> *array : {&a, &b, &c})
    mgpuMemHostUnregister(array->data());
  EXPECT_EQ(errors.TakeMessage(), "");
}

// Registrations answer as the host backend's: bytes registered twice, an
// unregistration of anything but a registered start, a copy past the end.
// A registration may share a page with another.
TEST_F(VulkanBackend, RegistrationsThatOverlapOrRunPast) {
  std::vector<uint32_t> host(1024, 0);
  uint32_t *data = host.data();
  mgpuMemHostRegister(data, 64 * 4);
  ASSERT_EQ(errors.TakeMessage(), "");
  mgpuMemHostRegister(data + 32, 64 * 4);
  EXPECT_EQ(TakeRefusal(CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED),
            StrFormat("mgpuMemHostRegister: 256 bytes at %p overlap memory "
                      "that is registered or allocated already",
                      static_cast<void *>(data + 32)));
  mgpuMemHostRegister(data + 64, 4);
  ASSERT_EQ(errors.TakeMessage(), "");
  mgpuMemHostUnregister(data + 1);
  EXPECT_EQ(TakeRefusal(CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED),
            StrFormat("mgpuMemHostUnregister: %p is not the start of "
                      "registered memory",
                      static_cast<void *>(data + 1)));
  void *device = mgpuMemAlloc(64, nullptr, false);
  mgpuMemcpy(data + 60, device, 32, nullptr);
  EXPECT_EQ(TakeRefusal(),
            StrFormat("mgpuMemcpy: the copy's destination of 32 bytes at %p "
                      "runs past the end of its registration, 16 bytes from "
                      "there",
                      static_cast<void *>(data + 60)));
  mgpuMemFree(device, nullptr);
  mgpuMemHostUnregister(data);
  mgpuMemHostUnregister(data + 64);
  EXPECT_EQ(errors.TakeMessage(), "");
}

// The device reaches the whole pages of a registration, as on CUDA: a
// memref's aligned pointer before its registered offset, in the same page,
// is the device address of the same byte.
TEST_F(VulkanBackend, APointerIntoTheRegisteredPagesReachesThem) {
  auto *page = static_cast<uint32_t *>(std::aligned_alloc(4096, 8192));
  std::memset(page, 0, 8192);
  mgpuMemHostRegister(page + 40, 64 * 4);
  LaunchFixedFill(page + 4, 6, 64, 32);
  mgpuStreamSynchronize(nullptr);
  ASSERT_EQ(errors.TakeMessage(), "");
  std::vector<uint32_t> expected(2048, 0);
  std::fill(expected.begin() + 4, expected.begin() + 68, 6u);
  EXPECT_EQ(std::vector<uint32_t>(page, page + 2048), expected);
  // The next page is not registered (just past the end of the first is
  // the end of the import, as just past an allocation's end is).
  LaunchFixedFill(page + 1025, 6, 64, 32);
  EXPECT_NE(TakeRefusal().find("which is no memory that Vulkan"),
            std::string::npos);
  mgpuMemHostUnregister(page + 40);
  EXPECT_EQ(errors.TakeMessage(), "");
  std::free(page);
}

// A pointer the device does not reach is refused at the launch, the kernel
// never runs: host memory never registered, or no longer (on lavapipe the
// kernel would write it all the same; on a GPU it would fault).
TEST_F(VulkanBackend, ALaunchWithAPointerToUnregisteredMemoryIsRefused) {
  std::vector<uint32_t> host(64, 0);
  mgpuMemHostRegister(host.data(), host.size() * 4);
  LaunchFixedFill(host.data(), 7, 64, 32);
  mgpuStreamSynchronize(nullptr);
  ASSERT_EQ(errors.TakeMessage(), "");
  EXPECT_EQ(host, std::vector<uint32_t>(64, 7));
  mgpuMemHostUnregister(host.data());
  ASSERT_EQ(errors.TakeMessage(), "");
  LaunchFixedFill(host.data(), 8, 64, 32);
  mgpuStreamSynchronize(nullptr);
  const std::string refusal = TakeRefusal();
  EXPECT_EQ(refusal.rfind(StrFormat("mgpuLaunchKernel: parameter 0 of kernel "
                                    "'fixed_fill' is %p, which is no memory "
                                    "that Vulkan device 0 '",
                                    static_cast<void *>(host.data())),
                          0),
            0u)
      << refusal;
  EXPECT_NE(refusal.find(") reaches: neither memory from mgpuMemAlloc nor "
                         "registered host memory (mgpuMemHostRegister)"),
            std::string::npos)
      << refusal;
  EXPECT_EQ(host, std::vector<uint32_t>(64, 7));
  std::vector<uint32_t> never(64, 0);
  LaunchFixedFill(never.data(), 9, 64, 32);
  mgpuStreamSynchronize(nullptr);
  EXPECT_NE(
      TakeRefusal().find(StrFormat("is %p, which is no memory that Vulkan",
                                   static_cast<void *>(never.data()))),
      std::string::npos);
  EXPECT_EQ(never, std::vector<uint32_t>(64, 0));
  // The stream still runs what comes after.
  void *out = mgpuMemAlloc(64 * 4, nullptr, false);
  LaunchFixedFill(out, 10, 64, 32);
  EXPECT_EQ(Read(out, 64), std::vector<uint32_t>(64, 10));
  mgpuMemFree(out, nullptr);
  EXPECT_EQ(errors.TakeMessage(), "");
}

TEST_F(VulkanBackend, FixedBlockSize) {
  void *out = mgpuMemAlloc(64 * 4, nullptr, false);
  LaunchFixedFill(out, 0x1234, 64, 32);
  EXPECT_EQ(Read(out, 64), std::vector<uint32_t>(64, 0x1234));
  EXPECT_EQ(errors.TakeMessage(), "");
  LaunchFixedFill(out, 1, 64, 64);
  EXPECT_EQ(errors.TakeMessage(),
            "mgpuLaunchKernel: kernel 'fixed_fill' was compiled for blocks of "
            "(32, 1, 1) (known_block_size); it cannot launch with the block "
            "(64, 1, 1)");
  // Dynamic shared memory that the kernel does not use: ignored, as CUDA
  // does; more than the device has: an error, as CUDA's.
  uint32_t value = 0x5678;
  void *params[] = {&out, &value};
  mgpuLaunchKernel(fixedFill, 1, 1, 1, 32, 1, 1, 1024, nullptr, params, nullptr,
                   2);
  EXPECT_EQ(Read(out, 32), std::vector<uint32_t>(32, 0x5678));
  EXPECT_EQ(errors.TakeMessage(), "");
  mgpuLaunchKernel(fixedFill, 1, 1, 1, 32, 1, 1, 1 << 30, nullptr, params,
                   nullptr, 2);
  EXPECT_NE(
      errors.TakeMessage().find("kernel 'fixed_fill' asks for 1073741824 bytes "
                                "of dynamic shared memory; Vulkan device "),
      std::string::npos);
  void *extra[] = {nullptr};
  mgpuLaunchKernel(fixedFill, 1, 1, 1, 32, 1, 1, 0, nullptr, params, extra, 2);
  EXPECT_NE(errors.TakeMessage().find("not as `extra`"), std::string::npos);
  mgpuMemFree(out, nullptr);
}

TEST_F(VulkanBackend, EveryScalarType) {
  std::vector<char> bytes = ReadFileNamedBy("VULKAN_SCALAR_KERNELS");
  MgpuObject object = SpirvObject(bytes);
  MgpuModuleHandle scalarModule = mgpuModuleLoadObjects(&object, 1, "scalars");
  MgpuFunctionHandle scalars = mgpuModuleGetFunction(scalarModule, "scalars");
  ASSERT_EQ(errors.TakeMessage(), "");
  void *ints = mgpuMemAlloc(16, nullptr, false);
  void *floats = mgpuMemAlloc(24, nullptr, false);
  int32_t a = -7;
  int64_t b = (int64_t(1) << 40) + 3;
  float c = 1.5f;
  double d = -2.25;
  uint16_t e = 0x3e00; // 1.5 as an IEEE half
  void *params[] = {&a, &b, &c, &d, &e, &ints, &floats};
  mgpuLaunchKernel(scalars, 1, 1, 1, 1, 1, 1, 0, nullptr, params, nullptr, 7);
  int64_t intResults[2];
  double floatResults[3];
  mgpuMemcpy(intResults, ints, sizeof(intResults), nullptr);
  mgpuMemcpy(floatResults, floats, sizeof(floatResults), nullptr);
  mgpuStreamSynchronize(nullptr);
  ASSERT_EQ(errors.TakeMessage(), "");
  EXPECT_EQ(intResults[0], -7);
  EXPECT_EQ(intResults[1], b);
  EXPECT_EQ(floatResults[0], 1.5);
  EXPECT_EQ(floatResults[1], -2.25);
  EXPECT_EQ(floatResults[2], 1.5);
  mgpuMemFree(ints, nullptr);
  mgpuMemFree(floats, nullptr);
  mgpuModuleUnload(scalarModule);
}

// A copy within one buffer whose source and destination overlap moves the
// bytes as memmove does (one vkCmdCopyBuffer region may not overlap).
TEST_F(VulkanBackend, ACopyWithinOneAllocationMayOverlap) {
  std::vector<uint32_t> data(256);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = uint32_t(i * 2654435761u);
  char *memory = static_cast<char *>(mgpuMemAlloc(1024, nullptr, false));
  mgpuMemcpy(memory + 8, data.data(), 1000, nullptr);
  mgpuMemcpy(memory, memory + 8, 1000, nullptr);
  std::vector<uint32_t> back = Read(memory, 250);
  ASSERT_EQ(errors.TakeMessage(), "");
  EXPECT_EQ(back, std::vector<uint32_t>(data.begin(), data.begin() + 250));
  mgpuMemFree(memory, nullptr);
}

// Host memory is not the device's: a fill of it is refused.
TEST_F(VulkanBackend, AFillOfHostMemoryIsRefused) {
  uint32_t plain[4] = {};
  mgpuMemset32(plain, 1, 4, nullptr);
  EXPECT_NE(errors.TakeMessage().find("not memory from mgpuMemAlloc"),
            std::string::npos);
  EXPECT_EQ(plain[0], 0u);
}

// The pattern of testdata/integration/async-streams.mlir as gpu-to-llvm
// lowers it: each event is destroyed right after a stream is made to wait for
// it, before that stream submits anything, and the next events are created
// (the driver may give them the destroyed semaphore's handle) and recorded on
// the waiting stream. The waits must still be for the destroyed events.
TEST_F(VulkanBackend, EventsDestroyedBeforeTheirWaitsAreSubmitted) {
  constexpr int kThreads = 256;
  // lavapipe ends any loop after 65535 iterations.
  constexpr uint32_t kIterations = 60000, kSeed = 1, kThree = 3;
  MgpuStream s0 = mgpuStreamCreate(), s1 = mgpuStreamCreate();
  void *a = mgpuMemAlloc(kThreads * 4, s0, false);
  void *b = mgpuMemAlloc(kThreads * 4, s1, false);
  uint32_t seed = kSeed, iterations = kIterations;
  void *params[] = {&a, &seed, &iterations};
  mgpuLaunchKernel(slowFill, kThreads / 64, 1, 1, 64, 1, 1, 0, s0, params,
                   nullptr, 3);
  MgpuStream s2 = mgpuStreamCreate();
  MgpuEvent e0 = mgpuEventCreate();
  mgpuEventRecord(e0, s1);
  mgpuStreamWaitEvent(s2, e0);
  mgpuEventDestroy(e0);
  LaunchFixedFill(b, kThree, kThreads, 32, s2);
  MgpuStream s3 = mgpuStreamCreate();
  MgpuEvent e1 = mgpuEventCreate();
  mgpuEventRecord(e1, s0);
  mgpuStreamWaitEvent(s3, e1);
  mgpuEventDestroy(e1);
  MgpuEvent e2 = mgpuEventCreate();
  mgpuEventRecord(e2, s2);
  mgpuStreamWaitEvent(s3, e2);
  mgpuEventDestroy(e2);
  std::vector<uint32_t> hostA(kThreads), hostB(kThreads);
  mgpuMemcpy(hostA.data(), a, kThreads * 4, s3);
  mgpuMemcpy(hostB.data(), b, kThreads * 4, s3);
  mgpuMemFree(a, s3);
  mgpuMemFree(b, s3);
  mgpuStreamSynchronize(s3);
  ASSERT_EQ(errors.TakeMessage(), "");
  EXPECT_EQ(hostA, std::vector<uint32_t>(kThreads, kSeed + Lcg(kIterations)));
  EXPECT_EQ(hostB, std::vector<uint32_t>(kThreads, kThree));
  for (MgpuStream stream : {s0, s1, s2, s3})
    mgpuStreamDestroy(stream);
  EXPECT_EQ(errors.TakeMessage(), "");
}

// Destroying an event does not wait for its recording, even where the
// stream has more work recorded after it and not yet submitted; a stream
// waiting for it still does. Synchronizations never wait on unsubmitted work.
TEST_F(VulkanBackend, EventDestroyedWhileItsStreamHasWorkQueued) {
  constexpr int kThreads = 256;
  constexpr uint32_t kIterations = 60000, kValue = 5;
  void *a = mgpuMemAlloc(kThreads * 4, nullptr, false);
  void *b = mgpuMemAlloc(kThreads * 4, nullptr, false);
  MgpuStream producer = mgpuStreamCreate(), consumer = mgpuStreamCreate();
  uint32_t value = kValue, iterations = kIterations;
  void *params[] = {&a, &value, &iterations};
  mgpuLaunchKernel(slowFill, kThreads / 64, 1, 1, 64, 1, 1, 0, producer, params,
                   nullptr, 3);
  MgpuEvent done = mgpuEventCreate();
  mgpuEventRecord(done, producer);
  LaunchFixedFill(b, 9, kThreads, 32, producer); // Recorded, not submitted.
  mgpuStreamWaitEvent(consumer, done);
  mgpuEventDestroy(done);
  // Events made and recorded on the waiting stream while its wait is held.
  for (int i = 0; i < 4; ++i) {
    MgpuEvent other = mgpuEventCreate();
    mgpuEventRecord(other, consumer);
    mgpuEventSynchronize(other);
    mgpuEventDestroy(other);
  }
  std::vector<uint32_t> host(kThreads);
  mgpuMemcpy(host.data(), a, kThreads * 4, consumer);
  mgpuStreamSynchronize(consumer);
  ASSERT_EQ(errors.TakeMessage(), "");
  EXPECT_EQ(host, std::vector<uint32_t>(kThreads, kValue + Lcg(kIterations)));
  EXPECT_EQ(Read(b, kThreads, producer), std::vector<uint32_t>(kThreads, 9));
  // Recorded on one stream, then on another: a wait is for the last.
  MgpuEvent twice = mgpuEventCreate();
  mgpuLaunchKernel(slowFill, kThreads / 64, 1, 1, 64, 1, 1, 0, producer, params,
                   nullptr, 3);
  mgpuEventRecord(twice, producer);
  LaunchFixedFill(b, 11, kThreads, 32, consumer);
  mgpuEventRecord(twice, consumer);
  mgpuStreamWaitEvent(producer, twice);
  mgpuEventDestroy(twice);
  EXPECT_EQ(Read(b, kThreads, producer), std::vector<uint32_t>(kThreads, 11));
  for (MgpuStream stream : {producer, consumer})
    mgpuStreamDestroy(stream);
  mgpuMemFree(a, nullptr);
  mgpuMemFree(b, nullptr);
  EXPECT_EQ(errors.TakeMessage(), "");
}

TEST_F(VulkanBackend, Misuse) {
  mgpuModuleGetFunction(module, "nope");
  EXPECT_EQ(errors.TakeMessage(),
            "mgpuModuleGetFunction: the SPIR-V object of gpu.binary @kernels "
            "has no kernel 'nope' (no GLCompute entry point of that name); it "
            "has fixed_fill, slow_fill, vector_add");
  MgpuObject bad = SpirvObject(kernels);
  bad.size = 22;
  mgpuModuleLoadObjects(&bad, 1, "bad");
  EXPECT_NE(errors.TakeMessage().find("the SPIR-V object of gpu.binary @bad is "
                                      "malformed"),
            std::string::npos);
  MgpuObject host = BrokenHostObject(kernels);
  mgpuModuleLoadObjects(&host, 1, "hostonly");
  EXPECT_NE(
      errors.TakeMessage().find("has no SPIR-V object for the Vulkan backend"),
      std::string::npos);
}

/// The sum of `values` by `kernel` (float_sum or double_sum of
/// vulkan_atomic_kernels.spvasm and vulkan_float64_atomic_kernels.spvasm:
/// each thread adds its value to the one output atomically), in blocks of
/// 64 threads.
template <typename T>
T SumOnDevice(MgpuFunctionHandle kernel, const std::vector<T> &values) {
  size_t bytes = values.size() * sizeof(T);
  void *in = mgpuMemAlloc(bytes, nullptr, false);
  void *out = mgpuMemAlloc(sizeof(T), nullptr, false);
  mgpuMemcpy(in, const_cast<T *>(values.data()), bytes, nullptr);
  mgpuMemset32(out, 0, sizeof(T) / 4, nullptr);
  void *params[] = {&in, &out};
  mgpuLaunchKernel(kernel, values.size() / 64, 1, 1, 64, 1, 1, 0, nullptr,
                   params, nullptr, 2);
  T sum = -1;
  mgpuMemcpy(&sum, out, sizeof(T), nullptr);
  mgpuMemFree(in, nullptr);
  mgpuMemFree(out, nullptr);
  return sum;
}

// memref.atomic_rmw addf on f32: the module declares AtomicFloat32AddEXT,
// which the runtime enables (VK_EXT_shader_atomic_float) where the device
// has it. Small integers, so that the sum is exact in any order.
TEST_F(VulkanBackend, FloatAtomicAdds) {
  std::vector<char> atomics = ReadFileNamedBy("VULKAN_ATOMIC_KERNELS");
  MgpuObject object = SpirvObject(atomics);
  MgpuModuleHandle atomicModule = mgpuModuleLoadObjects(&object, 1, "atomics");
  ASSERT_EQ(errors.TakeMessage(), "");
  MgpuFunctionHandle floatSum =
      mgpuModuleGetFunction(atomicModule, "float_sum");
  constexpr int kCount = 4096;
  std::vector<float> values(kCount);
  float expected = 0;
  for (int i = 0; i < kCount; ++i) {
    values[i] = float(i % 7) - 2.0f;
    expected += values[i];
  }
  float sum = SumOnDevice(floatSum, values);
  ASSERT_EQ(errors.TakeMessage(), "");
  EXPECT_EQ(sum, expected);
  mgpuModuleUnload(atomicModule);
}

// A module that declares a capability the device lacks is refused at load,
// naming it: lavapipe has no f64 atomic add. (A device that has it runs the
// kernel, and the sum is checked instead.)
TEST_F(VulkanBackend, ACapabilityTheDeviceLacksIsRefusedAtLoad) {
  std::vector<char> bytes = ReadFileNamedBy("VULKAN_FLOAT64_ATOMIC_KERNELS");
  MgpuObject object = SpirvObject(bytes);
  MgpuModuleHandle doubles = mgpuModuleLoadObjects(&object, 1, "doubles");
  if (!doubles) {
    const std::string error = TakeRefusal(CUDA_ERROR_NOT_SUPPORTED);
    EXPECT_EQ(error.rfind("mgpuModuleLoadObjects: the SPIR-V object of "
                          "gpu.binary @doubles declares the SPIR-V capability "
                          "AtomicFloat64AddEXT, which Vulkan device ",
                          0),
              0u)
        << error;
    EXPECT_NE(error.find(" lacks (it needs shaderBufferFloat64AtomicAdd or "
                         "shaderSharedFloat64AtomicAdd of "
                         "VK_EXT_shader_atomic_float)"),
              std::string::npos)
        << error;
    return;
  }
  ASSERT_EQ(errors.TakeMessage(), "");
  MgpuFunctionHandle doubleSum = mgpuModuleGetFunction(doubles, "double_sum");
  EXPECT_EQ(SumOnDevice(doubleSum, std::vector<double>(64, 0.5)), 32.0);
  mgpuModuleUnload(doubles);
  EXPECT_EQ(errors.TakeMessage(), "");
}

/// The backend's tests with a kernel that stages its input in static and
/// dynamic shared memory and writes each value tripled
/// (vulkan_static_shared_kernels.spvasm, vulkan_wide_shared_kernels.spvasm).
class VulkanStagedSharedMemory : public VulkanBackend {
protected:
  void TearDown() override {
    mgpuMemFree(in, nullptr);
    mgpuMemFree(out, nullptr);
    mgpuModuleUnload(staged);
    VulkanBackend::TearDown();
  }

  /// Loads `name` of the module that `variable` names, for kCount values;
  /// returns the device's workgroup memory, as the error of a launch with
  /// far too much dynamic shared memory names it.
  uint32_t Load(const char *variable, const char *name) {
    bytes = ReadFileNamedBy(variable);
    MgpuObject object = SpirvObject(bytes);
    staged = mgpuModuleLoadObjects(&object, 1, "staged");
    kernel = mgpuModuleGetFunction(staged, name);
    EXPECT_EQ(errors.TakeMessage(), "");
    std::vector<uint32_t> values(kCount);
    for (int i = 0; i < kCount; ++i) {
      values[i] = uint32_t(i) * 2654435761u;
      tripled.push_back(values[i] * 3);
    }
    in = mgpuMemAlloc(kCount * 4, nullptr, false);
    out = mgpuMemAlloc(kCount * 4, nullptr, false);
    mgpuMemcpy(in, values.data(), kCount * 4, nullptr);
    Launch(INT32_MAX);
    const std::string tooMuch = errors.TakeMessage();
    const std::string most = "has at most ";
    EXPECT_NE(tooMuch.find(most), std::string::npos) << tooMuch;
    if (tooMuch.find(most) == std::string::npos)
      return 0;
    return uint32_t(std::strtoul(
        tooMuch.c_str() + tooMuch.find(most) + most.size(), nullptr, 10));
  }

  /// What the kernel writes with `dynamicBytes` of dynamic shared memory:
  /// zeros where it does not run.
  std::vector<uint32_t> Launch(int32_t dynamicBytes) {
    mgpuMemset32(out, 0, kCount, nullptr);
    void *params[] = {&in, &out};
    mgpuLaunchKernel(kernel, kCount / 64, 1, 1, 64, 1, 1, dynamicBytes, nullptr,
                     params, nullptr, 2);
    return Read(out, kCount);
  }

  /// Expects the kernel to run with `fits` bytes of dynamic shared memory,
  /// and not to run with `over` bytes; returns the refusal.
  std::string RunsWithButNotWith(int32_t fits, int32_t over) {
    EXPECT_EQ(Launch(fits), tripled);
    EXPECT_EQ(errors.TakeMessage(), "");
    EXPECT_EQ(Launch(over), std::vector<uint32_t>(kCount, 0));
    return TakeRefusal();
  }

  static constexpr int kCount = 128;
  std::vector<char> bytes;
  MgpuModuleHandle staged = nullptr;
  MgpuFunctionHandle kernel = nullptr;
  void *in = nullptr, *out = nullptr;
  std::vector<uint32_t> tripled;
};

// Static shared memory (24 KiB of it) and dynamic shared memory together
// within the device's workgroup memory: up to the limit the kernel runs; a
// byte more is refused with the limit named, not run past it.
TEST_F(VulkanStagedSharedMemory, StaticAndDynamicTogether) {
  const uint32_t limit = Load("VULKAN_STATIC_SHARED_KERNELS", "staged_triple");
  constexpr uint32_t kStatic = 6144 * 4;
  ASSERT_GE(limit, kStatic + 64 * 4);
  const std::string error = RunsWithButNotWith(int32_t(limit - kStatic),
                                               int32_t(limit - kStatic + 1));
  // The array's 4-byte elements: 3 bytes more.
  EXPECT_EQ(error.rfind(StrFormat("mgpuLaunchKernel: kernel 'staged_triple' "
                                  "asks for %u bytes of dynamic shared memory "
                                  "(%u in whole 4-byte elements) beside its "
                                  "24576 bytes of static shared memory (%u in "
                                  "all); Vulkan device ",
                                  limit - kStatic + 1, limit - kStatic + 4,
                                  limit + 4),
                        0),
            0u)
      << error;
  EXPECT_NE(error.find(StrFormat("has at most %u bytes of workgroup memory "
                                 "(maxComputeSharedMemorySize)",
                                 limit)),
            std::string::npos)
      << error;
}

// Dynamic shared memory is an array of whole elements, as many as the
// launch's bytes round up to: the check counts the bytes that the pipeline
// gets. Beside 24580 bytes of static shared memory, a launch that asks for
// the rest of the limit, 4 bytes short of whole 8-byte elements, gets 4
// bytes more than the device has, and is refused; one element less runs.
TEST_F(VulkanStagedSharedMemory, DynamicCountsInWholeElements) {
  const uint32_t limit = Load("VULKAN_WIDE_SHARED_KERNELS", "staged_wide");
  constexpr uint32_t kStatic = 6145 * 4;
  ASSERT_GE(limit, kStatic + 64 * 8);
  const uint32_t room = limit - kStatic;
  ASSERT_EQ(room % 8, 4u) << "the limit " << limit << " is not 8-byte whole";
  const std::string error =
      RunsWithButNotWith(int32_t(room - 4), int32_t(room));
  EXPECT_EQ(error.rfind(StrFormat("mgpuLaunchKernel: kernel 'staged_wide' "
                                  "asks for %u bytes of dynamic shared memory "
                                  "(%u in whole 8-byte elements) beside its "
                                  "24580 bytes of static shared memory (%u in "
                                  "all); Vulkan device ",
                                  room, room + 4, limit + 4),
                        0),
            0u)
      << error;
}

/// The backend's tests with block_sum (vulkan_shared_kernels.spvasm) too.
class VulkanSharedMemory : public VulkanBackend {
protected:
  void SetUp() override {
    VulkanBackend::SetUp();
    sharedKernels = ReadFileNamedBy("VULKAN_SHARED_KERNELS");
    MgpuObject object = SpirvObject(sharedKernels);
    sharedModule = mgpuModuleLoadObjects(&object, 1, "shared");
    blockSum = mgpuModuleGetFunction(sharedModule, "block_sum");
    ASSERT_EQ(errors.TakeMessage(), "");
  }

  void TearDown() override {
    mgpuModuleUnload(sharedModule);
    VulkanBackend::TearDown();
  }

  /// block_sum over `blocks` blocks of `block` values of `in` with
  /// `sharedBytes` of dynamic shared memory: per block, the sum and the
  /// length of the shared array.
  std::vector<uint32_t> BlockSum(void *in, int blocks, int block,
                                 int32_t sharedBytes) {
    void *out = mgpuMemAlloc(blocks * 2 * 4, nullptr, false);
    mgpuMemset32(out, 0, blocks * 2, nullptr);
    void *params[] = {&in, &out};
    mgpuLaunchKernel(blockSum, blocks, 1, 1, block, 1, 1, sharedBytes, nullptr,
                     params, nullptr, 2);
    std::vector<uint32_t> host = Read(out, blocks * 2);
    mgpuMemFree(out, nullptr);
    return host;
  }

  std::vector<char> sharedKernels;
  MgpuModuleHandle sharedModule = nullptr;
  MgpuFunctionHandle blockSum = nullptr;
};

// Each thread stores its value in the dynamic shared memory and thread 0
// sums them, for block sizes and lengths that each need a pipeline of their
// own, and some that reuse one.
TEST_F(VulkanSharedMemory, BlockSums) {
  constexpr int kCount = 1024;
  std::vector<uint32_t> values(kCount);
  for (int i = 0; i < kCount; ++i)
    values[i] = uint32_t(i) * 7919u + 3u;
  void *in = mgpuMemAlloc(kCount * 4, nullptr, false);
  mgpuMemcpy(in, values.data(), kCount * 4, nullptr);
  struct Case {
    int blocks, block;
    int32_t bytes;
    uint32_t length;
  };
  // Block 1 is the compiled LocalSize; 0 bytes is a length of 1, as is the
  // pipeline made at load; 33 bytes are 9 elements.
  for (Case c : {Case{4, 256, 1024, 256},
                 {16, 64, 256, 64},
                 {3, 1, 0, 1},
                 {3, 1, 6, 2},
                 {5, 8, 33, 9},
                 {2, 64, 4096, 1024},
                 {4, 256, 1024, 256}}) {
    std::vector<uint32_t> expected(c.blocks * 2);
    for (int b = 0; b < c.blocks; ++b) {
      for (int t = 0; t < c.block; ++t)
        expected[2 * b] += values[b * c.block + t];
      expected[2 * b + 1] = c.length;
    }
    EXPECT_EQ(BlockSum(in, c.blocks, c.block, c.bytes), expected)
        << c.blocks << " blocks of " << c.block << " with " << c.bytes
        << " bytes";
    ASSERT_EQ(errors.TakeMessage(), "");
  }
  mgpuMemFree(in, nullptr);
}

TEST_F(VulkanSharedMemory, MoreThanTheDeviceHas) {
  void *in = mgpuMemAlloc(64 * 4, nullptr, false);
  BlockSum(in, 1, 64, 1 << 30);
  const std::string error = TakeRefusal();
  EXPECT_EQ(error.rfind("mgpuLaunchKernel: kernel 'block_sum' asks for "
                        "1073741824 bytes of dynamic shared memory; Vulkan "
                        "device ",
                        0),
            0u)
      << error;
  EXPECT_NE(error.find(" bytes of workgroup memory"), std::string::npos)
      << error;
  mgpuMemFree(in, nullptr);
}

// What depends on the process's first call, each in a child process.
class VulkanChoice : public ::testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

/// Loads the test kernels with `objects` and fills 32 values with them.
void LoadAndRun(std::vector<MgpuObject> objects) {
  MgpuModuleHandle module =
      mgpuModuleLoadObjects(objects.data(), int32_t(objects.size()), "k");
  MgpuFunctionHandle fill = mgpuModuleGetFunction(module, "fixed_fill");
  void *out = mgpuMemAlloc(32 * 4, nullptr, false);
  uint32_t value = 3;
  void *params[] = {&out, &value};
  mgpuLaunchKernel(fill, 1, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr, 2);
  uint32_t host[32] = {};
  mgpuMemcpy(host, out, sizeof(host), nullptr);
  mgpuStreamSynchronize(nullptr);
  for (uint32_t v : host)
    Require(v == 3, "fixed_fill wrote " + std::to_string(v));
}

void LoadAndRunSpirv() {
  std::vector<char> bytes = ReadFileNamedBy("VULKAN_TEST_KERNELS");
  LoadAndRun({SpirvObject(bytes)});
}

TEST_F(VulkanChoice, DeviceByIndex) {
  ExpectInChild([] {
    setenv("MGPU_VULKAN_DEVICE", "0", 1);
    LoadAndRunSpirv();
  });
}

/// The trace that `body`, run in a child process with MGPU_TRACE, writes.
template <typename Body> std::string TraceOf(const char *name, Body body) {
  const char *directory = std::getenv("TEST_TMPDIR");
  const std::string path =
      std::string(directory ? directory : "/tmp") + "/" + name;
  std::remove(path.c_str());
  EXPECT_EXIT(
      {
        setenv("MGPU_TRACE", path.c_str(), 1);
        body();
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "");
  std::ifstream file(path);
  return std::string(std::istreambuf_iterator<char>(file), {});
}

// The trace labels the process with the device, and shows the kernel on its
// stream's track with the device's time.
TEST_F(VulkanChoice, Trace) {
  std::string trace = TraceOf("vulkan_trace.json", [] { LoadAndRunSpirv(); });
  EXPECT_NE(trace.find("\"name\":\"process_labels\""), std::string::npos);
  EXPECT_NE(trace.find("\"labels\":\"Vulkan device 0 '"), std::string::npos)
      << trace;
  EXPECT_NE(trace.find("{\"name\":\"kernel fixed_fill\",\"cat\":\"device\""),
            std::string::npos)
      << trace;
  EXPECT_NE(trace.find("{\"name\":\"copy\",\"cat\":\"device\""),
            std::string::npos);
}

// A stream that is never synchronized itself, only waited for through an
// event by one that is: its kernel is on its track all the same.
TEST_F(VulkanChoice, TraceHasTheKernelsOfAStreamOnlyWaitedFor) {
  std::string trace = TraceOf("vulkan_waited_trace.json", [] {
    std::vector<char> bytes = ReadFileNamedBy("VULKAN_TEST_KERNELS");
    MgpuObject object = SpirvObject(bytes);
    MgpuModuleHandle module = mgpuModuleLoadObjects(&object, 1, "k");
    MgpuFunctionHandle fill = mgpuModuleGetFunction(module, "fixed_fill");
    void *out = mgpuMemAlloc(32 * 4, nullptr, false);
    uint32_t value = 3;
    void *params[] = {&out, &value};
    MgpuStream producer = mgpuStreamCreate(), consumer = mgpuStreamCreate();
    MgpuEvent done = mgpuEventCreate();
    mgpuLaunchKernel(fill, 1, 1, 1, 32, 1, 1, 0, producer, params, nullptr, 2);
    mgpuEventRecord(done, producer);
    mgpuStreamWaitEvent(consumer, done);
    mgpuStreamSynchronize(consumer);
  });
  EXPECT_NE(trace.find("{\"name\":\"kernel fixed_fill\",\"cat\":\"device\""),
            std::string::npos)
      << trace;
}

/// Runs float_sum once over 64 ones and loads double_sum, with the Khronos
/// validation layers, which report on stdout, reporting into `log`; ends
/// the process.
[[noreturn]] void SumUnderValidation(const std::string &log) {
  Require(std::freopen(log.c_str(), "w", stdout) != nullptr,
          "cannot write " + log);
  setenv("VK_INSTANCE_LAYERS", "VK_LAYER_KHRONOS_validation", 1);
  std::vector<char> bytes = ReadFileNamedBy("VULKAN_ATOMIC_KERNELS");
  MgpuObject object = SpirvObject(bytes);
  MgpuFunctionHandle sum = mgpuModuleGetFunction(
      mgpuModuleLoadObjects(&object, 1, "atomics"), "float_sum");
  float total = SumOnDevice(sum, std::vector<float>(64, 1.0f));
  mgpuStreamSynchronize(nullptr);
  Require(total == 64.0f, "the sum is " + std::to_string(total));
  // The f64 atomic add: refused by the runtime where the device lacks it,
  // never handed to the driver.
  mgpuSetErrorHandler([](const char *, int32_t, const char *, void *) {},
                      nullptr);
  std::vector<char> doubles = ReadFileNamedBy("VULKAN_FLOAT64_ATOMIC_KERNELS");
  MgpuObject doublesObject = SpirvObject(doubles);
  mgpuModuleLoadObjects(&doublesObject, 1, "doubles");
  std::fflush(stdout);
  std::_Exit(0);
}

// The Khronos validation layers, which know what the device has, find
// nothing wrong in a launch of the f32 atomic add kernel (the device has
// VK_EXT_shader_atomic_float enabled for its capability) nor in the load of
// the f64 one (refused where the device lacks its capability).
TEST_F(VulkanChoice, FloatAtomicsPassTheValidationLayers) {
  if (std::ifstream("/usr/share/vulkan/explicit_layer.d/"
                    "VkLayer_khronos_validation.json")
          .fail())
    GTEST_SKIP() << "no Khronos validation layers (vulkan-validationlayers)";
  const char *directory = std::getenv("TEST_TMPDIR");
  const std::string path =
      std::string(directory ? directory : "/tmp") + "/validation.log";
  EXPECT_EXIT(SumUnderValidation(path), ::testing::ExitedWithCode(0), "");
  std::ifstream file(path);
  const std::string log(std::istreambuf_iterator<char>(file), {});
  EXPECT_EQ(log.find("Validation Error"), std::string::npos) << log;
}

TEST_F(VulkanChoice, DeviceOutOfRangeOrNoMatch) {
  EXPECT_EXIT(
      {
        setenv("MGPU_VULKAN_DEVICE", "999", 1);
        mgpuMemAlloc(16, nullptr, false);
      },
      ::testing::ExitedWithCode(1),
      "^mgpu: mgpuMemAlloc: MGPU_VULKAN_DEVICE=999 is out of range; this "
      "machine has [0-9]+ Vulkan devices?: 0 '.*' \\(set it to an index or a "
      "part of a name\\)\n$");
  EXPECT_EXIT(
      {
        setenv("MGPU_VULKAN_DEVICE", "no such GPU", 1);
        mgpuMemAlloc(16, nullptr, false);
      },
      ::testing::ExitedWithCode(1),
      "MGPU_VULKAN_DEVICE=no such GPU names no Vulkan device");
}

TEST_F(VulkanChoice, NoLoader) {
  EXPECT_EXIT(
      {
        setenv("MGPU_VULKAN_LIBRARY", "/nonexistent", 1);
        mgpuStreamCreate();
      },
      ::testing::ExitedWithCode(1),
      "^mgpu: mgpuStreamCreate: cannot load the Vulkan loader "
      "\\(/nonexistent: cannot open shared object file: No such file or "
      "directory\\): install libvulkan1 and a Vulkan driver "
      "\\(mesa-vulkan-drivers for the CPU's\\), or set MGPU_VULKAN_LIBRARY "
      "to a libvulkan.so\n$");
}

// On a device without VK_EXT_external_memory_host (the machine's loader,
// less that extension), host memory is refused in one line that names it;
// the rest of the backend runs.
TEST_F(VulkanChoice, HostRegistrationWithoutTheExtension) {
  ExpectInChild([] {
    setenv("MGPU_VULKAN_LIBRARY", std::getenv("VULKAN_WITHOUT_HOST_IMPORT"), 1);
    LoadAndRunSpirv();
  });
  EXPECT_EXIT(
      {
        setenv("MGPU_VULKAN_LIBRARY", std::getenv("VULKAN_WITHOUT_HOST_IMPORT"),
               1);
        static uint32_t host[64];
        mgpuMemHostRegister(host, sizeof(host));
      },
      ::testing::ExitedWithCode(1),
      "^mgpu: mgpuMemHostRegister: Vulkan device 0 '.*\\) cannot register host "
      "memory: it has no VK_EXT_external_memory_host; allocate it with "
      "mgpuMemAlloc \\(host_shared for memory the host reads and writes "
      "too\\), or copy it with mgpuMemcpy\n$");
}

/// Runs LoadAndRun on the test kernels, after a broken host object.
void LoadAndRunWithHostObject() {
  std::vector<char> bytes = ReadFileNamedBy("VULKAN_TEST_KERNELS");
  LoadAndRun({BrokenHostObject(bytes), SpirvObject(bytes)});
}

/// Loads a binary with only a broken host object.
void LoadHostOnly() {
  std::vector<char> bytes = ReadFileNamedBy("VULKAN_TEST_KERNELS");
  MgpuObject host = BrokenHostObject(bytes);
  mgpuModuleLoadObjects(&host, 1, "hostonly");
}

TEST_F(VulkanChoice, AutoChoosesVulkanForSpirv) {
  ExpectInChild([] {
    unsetenv("MGPU_DEVICE");
    // No CUDA driver: the binary has no CUDA object, so none is tried.
    setenv("MGPU_CUDA_DRIVER", "/nonexistent", 1);
    // Not a host object that loads: only Vulkan can run this binary.
    LoadAndRunWithHostObject();
  });
}

TEST_F(VulkanChoice, AutoChoosesHostForHostObjects) {
  EXPECT_EXIT(
      {
        unsetenv("MGPU_DEVICE");
        LoadHostOnly();
      },
      ::testing::ExitedWithCode(1),
      "^mgpu: mgpuModuleLoadObjects: the object is a SPIR-V module; the host "
      "backend runs host objects");
}

} // namespace
