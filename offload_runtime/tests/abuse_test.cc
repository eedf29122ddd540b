//===- abuse_test.cc - libmgpu's C ABI under abuse ------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every call here is one a careless or hostile caller can make: each must be
// an error through the usual path (here an installed handler, so that the
// process goes on), never a crash, a use after free or an exception leaving
// the C ABI. The test driver answers as a real driver would.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

#include "offload_runtime/testing/failing_allocations.h"
#include "offload_runtime/testing/fake_cuda.h"
#include "offload_runtime/testing/memref_descriptor.h"

#include "gtest/gtest.h"

#include <cuda.h>

#include <algorithm>
#include <string>
#include <vector>

using ::mgpu::testing::FailAllocationAfter;
using ::mgpu::testing::FakeCuda;
using ::mgpu::testing::MakeCubin;
using ::mgpu::testing::TakeAllocationFailure;

namespace {

/// The errors reported since the last Take(), without allocating: reporting
/// happens while allocations are set to fail.
struct Errors {
  static constexpr int kMax = 64;
  int codes[kMax];
  int count = 0;

  static void Record(const char *, int32_t error, const char *,
                     void *userData) {
    auto *errors = static_cast<Errors *>(userData);
    if (errors->count < kMax)
      errors->codes[errors->count] = error;
    ++errors->count;
  }
  /// The one error reported since the last call (CUDA_SUCCESS if none); a
  /// second one fails the test.
  int Take() {
    EXPECT_LE(count, 1) << "one call reported " << count << " errors";
    int code = count ? codes[0] : CUDA_SUCCESS;
    count = 0;
    return code;
  }
};

class RuntimeAbuse : public ::testing::Test {
protected:
  void SetUp() override {
    mgpuSetErrorHandler(Errors::Record, &errors);
    stream = mgpuStreamCreate(); // loads the driver; the context is current
    ASSERT_EQ(errors.Take(), CUDA_SUCCESS);
  }
  void TearDown() override {
    mgpuStreamDestroy(stream);
    mgpuSetErrorHandler(nullptr, nullptr);
  }

  MgpuModuleHandle Load(const std::string &image) {
    return mgpuModuleLoad(const_cast<char *>(image.data()), image.size());
  }

  Errors errors;
  MgpuStream stream = nullptr;
  FakeCuda fake;
};

TEST_F(RuntimeAbuse, NullHandlesAndPointers) {
  mgpuEventDestroy(nullptr); // as free(NULL) and mgpuStreamDestroy(NULL)
  EXPECT_EQ(errors.Take(), CUDA_SUCCESS);
  mgpuStreamDestroy(nullptr);
  EXPECT_EQ(errors.Take(), CUDA_SUCCESS);
  mgpuModuleUnload(nullptr); // a lazy module never loaded
  EXPECT_EQ(errors.Take(), CUDA_SUCCESS);

  EXPECT_EQ(mgpuModuleLoad(nullptr, 16), nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(mgpuModuleLoadObjects(nullptr, 1, "b"), nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(mgpuModuleGetFunction(nullptr, "k"), nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_HANDLE);
  mgpuEventSynchronize(nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_HANDLE);

  char buffer[16];
  fake.resetCalls();
  mgpuMemcpy(nullptr, buffer, sizeof(buffer), stream);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  mgpuMemcpy(buffer, nullptr, sizeof(buffer), stream);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  mgpuMemset32(nullptr, 0, 4, stream);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  mgpuMemset16(nullptr, 0, 4, stream);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  mgpuMemHostRegister(nullptr, 16);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(fake.calls("cuMemcpyAsync") + fake.calls("cuMemsetD32Async") +
                fake.calls("cuMemsetD16Async") +
                fake.calls("cuMemHostRegister"),
            0);
}

TEST_F(RuntimeAbuse, TensorMapsWithNullOrBadArguments) {
  float data[64] = {};
  mgpu::testing::MemRef2D memref = {reinterpret_cast<char *>(data),
                                    reinterpret_cast<char *>(data),
                                    0,
                                    {8, 8, 8, 1}};
  int64_t box[2] = {8, 8};
  EXPECT_EQ(mgpuTensorMapEncodeTiledMemref(2, nullptr, 7, 0, 0, 0, 0, box),
            nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(mgpuTensorMapEncodeTiledMemref(2, &memref, 7, 0, 0, 0, 0, nullptr),
            nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  for (int64_t rank : {0, -1, 6})
    EXPECT_EQ(mgpuTensorMapEncodeTiledMemref(rank, &memref, 7, 0, 0, 0, 0, box),
              nullptr);
  EXPECT_EQ(errors.count, 3);
  errors.count = 0;
  for (int64_t type : {-1, 13, 1 << 20})
    EXPECT_EQ(mgpuTensorMapEncodeTiledMemref(2, &memref, type, 0, 0, 0, 0, box),
              nullptr);
  EXPECT_EQ(errors.count, 3);
  errors.count = 0;
  // A box the driver refuses is the driver's error, reported.
  int64_t hugeBox[2] = {1 << 20, 8};
  EXPECT_EQ(mgpuTensorMapEncodeTiledMemref(2, &memref, 7, 0, 0, 0, 0, hugeBox),
            nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  mgpuTensorMapEncodeTiled(nullptr, 7, 2, data, nullptr, nullptr, nullptr,
                           nullptr, 0, 0, 0, 0);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
}

TEST_F(RuntimeAbuse, LaunchGeometryNeverReachesTheDriver) {
  std::string cubin = MakeCubin(90, {"kernel"});
  MgpuFunctionHandle f = mgpuModuleGetFunction(Load(cubin), "kernel");
  ASSERT_NE(f, nullptr);
  fake.resetCalls();
  const intptr_t bad[][6] = {
      {0, 1, 1, 1, 1, 1},  {-1, 1, 1, 1, 1, 1},  {1, 65536, 1, 1, 1, 1},
      {1, 1, 1, 0, 1, 1},  {1, 1, 1, -32, 1, 1}, {1, 1, 1, 1025, 1, 1},
      {1, 1, 1, 1, 1, 65}, {1, 1, 1, 64, 32, 1}, {1LL << 31, 1, 1, 1, 1, 1}};
  for (const auto &g : bad) {
    mgpuLaunchKernel(f, g[0], g[1], g[2], g[3], g[4], g[5], 0, stream, nullptr,
                     nullptr, 0);
    EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  }
  mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, -1, stream, nullptr, nullptr, 0);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  mgpuLaunchClusterKernel(f, 0, 1, 1, 2, 1, 1, 1, 1, 1, 0, stream, nullptr,
                          nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  mgpuLaunchClusterKernel(f, 3, 1, 1, 4, 1, 1, 1, 1, 1, 0, stream, nullptr,
                          nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(fake.calls("cuLaunchKernel") + fake.calls("cuLaunchKernelEx"), 0);
  mgpuLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, stream, nullptr, nullptr, 0);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_HANDLE);
}

TEST_F(RuntimeAbuse, ModuleUnloadedTwiceOrUsedAfterUnload) {
  std::string cubin = MakeCubin(90, {"kernel"});
  MgpuModuleHandle module = Load(cubin);
  ASSERT_NE(module, nullptr);
  mgpuModuleUnload(module);
  EXPECT_EQ(errors.Take(), CUDA_SUCCESS);
  fake.resetCalls();
  mgpuModuleUnload(module);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(mgpuModuleGetFunction(module, "kernel"), nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(fake.calls("cuLibraryUnload") + fake.calls("cuLibraryGetKernel"),
            0);
  int notAModule = 0;
  mgpuModuleUnload(reinterpret_cast<MgpuModuleHandle>(&notAModule));
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_HANDLE);
}

TEST_F(RuntimeAbuse, KernelLaunchedAfterItsModulesUnload) {
  std::string cubin = MakeCubin(90, {"kernel"});
  MgpuModuleHandle module = Load(cubin);
  MgpuFunctionHandle f = mgpuModuleGetFunction(module, "kernel");
  ASSERT_NE(f, nullptr);
  mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, stream, nullptr, nullptr, 0);
  EXPECT_EQ(errors.Take(), CUDA_SUCCESS);
  mgpuModuleUnload(module);
  EXPECT_EQ(errors.Take(), CUDA_SUCCESS);
  fake.resetCalls();
  mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, stream, nullptr, nullptr, 0);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_HANDLE);
  mgpuLaunchClusterKernel(f, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, stream, nullptr,
                          nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_HANDLE);
  int notAKernel = 0;
  mgpuLaunchKernel(reinterpret_cast<MgpuFunctionHandle>(&notAKernel), 1, 1, 1,
                   1, 1, 1, 0, stream, nullptr, nullptr, 0);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(fake.calls("cuLaunchKernel") + fake.calls("cuLaunchKernelEx"), 0);
}

TEST_F(RuntimeAbuse, StaleKernelsAmongManyAreRefusedWithoutTheLock) {
  // More kernels than the table of live kernels that launches read without a
  // lock holds (live_modules.h): kernels that hash alike evict one another,
  // launched in turn. Each live one launches; each of an unloaded module is
  // refused, whether the table held it when its module went or not.
  constexpr int kModules = 40, kKernels = 16; // 640 kernels, 256 slots
  std::vector<std::string> names;
  for (int k = 0; k < kKernels; ++k)
    names.push_back("k" + std::to_string(k));
  std::string cubin = MakeCubin(90, names);
  std::vector<MgpuModuleHandle> modules;
  std::vector<MgpuFunctionHandle> kernels;
  for (int m = 0; m < kModules; ++m) {
    modules.push_back(Load(cubin));
    for (const std::string &name : names)
      kernels.push_back(mgpuModuleGetFunction(modules.back(), name.c_str()));
  }
  ASSERT_EQ(errors.Take(), CUDA_SUCCESS);
  auto launch = [&](MgpuFunctionHandle f) {
    mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, stream, nullptr, nullptr, 0);
    return errors.Take();
  };
  fake.resetCalls();
  for (int round = 0; round < 2; ++round)
    for (MgpuFunctionHandle f : kernels)
      EXPECT_EQ(launch(f), CUDA_SUCCESS);
  EXPECT_EQ(fake.calls("cuLaunchKernel"), 2 * kModules * kKernels);
  for (int m = 1; m < kModules; m += 2)
    mgpuModuleUnload(modules[m]);
  ASSERT_EQ(errors.Take(), CUDA_SUCCESS);
  fake.resetCalls();
  for (size_t i = 0; i < kernels.size(); ++i)
    EXPECT_EQ(launch(kernels[i]),
              i / kKernels % 2 ? CUDA_ERROR_INVALID_HANDLE : CUDA_SUCCESS)
        << "kernel " << i;
  EXPECT_EQ(fake.calls("cuLaunchKernel"), kModules / 2 * kKernels);
  for (int m = 0; m < kModules; m += 2)
    mgpuModuleUnload(modules[m]);
  EXPECT_EQ(errors.Take(), CUDA_SUCCESS);
}

TEST_F(RuntimeAbuse, SizesThatWrapAreRefused) {
  std::string cubin = MakeCubin(90, {"kernel"});
  MgpuObject object = {nullptr, cubin.size(),       MGPU_OBJECT_CUBIN,
                       90,      MGPU_ARCH_PORTABLE, 0};
  EXPECT_EQ(mgpuModuleLoadObjects(&object, 1, "null"), nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);

  void *memory = mgpuMemAlloc(64, stream, false);
  ASSERT_EQ(errors.Take(), CUDA_SUCCESS);
  fake.resetCalls();
  mgpuMemset32(memory, 7, SIZE_MAX / 2, stream);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  mgpuMemset16(memory, 7, SIZE_MAX / 2 + 1, stream);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(fake.calls("cuMemsetD32Async") + fake.calls("cuMemsetD16Async"), 0);
  mgpuMemFree(memory, stream);
  EXPECT_EQ(errors.Take(), CUDA_SUCCESS);

  // Descriptors whose sizes, offsets or element sizes multiply past what an
  // address can hold, or are negative.
  float data[16] = {};
  mgpu::testing::MemRef2D memref = {reinterpret_cast<char *>(data),
                                    reinterpret_cast<char *>(data),
                                    0,
                                    {INT64_MAX / 2, 4, 4, 1}};
  fake.resetCalls();
  mgpuMemHostRegisterMemRef(2, memref.descriptor(), 4);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  memref.sizesAndStrides[0] = -4;
  mgpuMemHostRegisterMemRef(2, memref.descriptor(), 4);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  memref.sizesAndStrides[0] = 4;
  memref.offset = INT64_MAX / 2;
  mgpuMemHostRegisterMemRef(2, memref.descriptor(), 4);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  memref.offset = 0;
  mgpuMemHostRegisterMemRef(2, memref.descriptor(), INT64_MAX);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(fake.calls("cuMemHostRegister"), 0);
  // The same memref with sane numbers registers.
  mgpuMemHostRegisterMemRef(2, memref.descriptor(), 4);
  EXPECT_EQ(errors.Take(), CUDA_SUCCESS);
  mgpuMemHostUnregisterMemRef(2, memref.descriptor(), 4);
  EXPECT_EQ(errors.Take(), CUDA_SUCCESS);
}

TEST_F(RuntimeAbuse, AReloadedKernelOptsIntoSharedMemoryAgain) {
  // The driver forgets a kernel's opt-in with its library; the runtime must
  // too, whatever addresses the new kernel and library get.
  std::string cubin = MakeCubin(90, {"kernel"});
  for (int round = 0; round < 3; ++round) {
    MgpuModuleHandle module = Load(cubin);
    MgpuFunctionHandle f = mgpuModuleGetFunction(module, "kernel");
    fake.resetCalls();
    mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 100 * 1024, stream, nullptr, nullptr,
                     0);
    EXPECT_EQ(errors.Take(), CUDA_SUCCESS) << "round " << round;
    EXPECT_EQ(fake.calls("cuKernelSetAttribute"), 1);
    mgpuModuleUnload(module);
    EXPECT_EQ(errors.Take(), CUDA_SUCCESS);
  }
}

TEST_F(RuntimeAbuse, TruncatedOrDamagedImagesAreRefusedBeforeTheDriver) {
  std::string cubin = MakeCubin(90, {"kernel"});
  fake.resetCalls();
  EXPECT_EQ(mgpuModuleLoad(const_cast<char *>(cubin.data()), 40), nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_IMAGE);
  EXPECT_EQ(mgpuModuleLoad(const_cast<char *>(cubin.data()), cubin.size() - 1),
            nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_IMAGE);
  std::string fatbin("\x50\xed\x55\xba\x01\x00\x10\x00", 8);
  fatbin += std::string("\xff\xff\xff\xff\xff\xff\xff\xff", 8); // body size
  fatbin += "tiny";
  EXPECT_EQ(mgpuModuleLoad(fatbin.data(), fatbin.size()), nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_IMAGE);
  MgpuObject object = {cubin.data(),       40, MGPU_OBJECT_CUBIN, 90,
                       MGPU_ARCH_PORTABLE, 0};
  EXPECT_EQ(mgpuModuleLoadObjects(&object, 1, "short"), nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_IMAGE);
  EXPECT_EQ(fake.calls("cuLibraryLoadData"), 0);

  // Without a size (old IR), the driver itself refuses a damaged header.
  std::string damaged = cubin;
  damaged[0x3A] = 12; // e_shentsize
  damaged[0x3C] = 1;  // e_shnum
  EXPECT_EQ(mgpuModuleLoad(damaged.data(), 0), nullptr);
  EXPECT_EQ(errors.Take(), CUDA_ERROR_INVALID_IMAGE);
}

TEST_F(RuntimeAbuse, AllocationFailuresAreErrorsNotExceptions) {
  // Fail the first, second, ... allocation of a whole program's worth of
  // calls until one run needs no more: every failure is reported (as out of
  // memory, or as what it left behind) and nothing escapes or crashes.
  std::string cubin = MakeCubin(90, {"kernel", "other"});
  int failuresSeen = 0;
  for (long failAt = 0;; ++failAt) {
    FailAllocationAfter(failAt);
    MgpuModuleHandle module = Load(cubin);
    MgpuFunctionHandle f =
        module ? mgpuModuleGetFunction(module, "kernel") : nullptr;
    if (f)
      mgpuLaunchKernel(f, 2, 1, 1, 32, 1, 1, 0, stream, nullptr, nullptr, 0);
    MgpuStream other = mgpuStreamCreate();
    MgpuEvent event = mgpuEventCreate();
    void *memory = mgpuMemAlloc(64, other, false);
    if (memory)
      mgpuMemset32(memory, 7, 16, other);
    mgpuEventRecord(event, other);
    mgpuMemFree(memory, other);
    mgpuEventDestroy(event);
    mgpuStreamDestroy(other);
    mgpuModuleUnload(module);
    if (!TakeAllocationFailure()) {
      EXPECT_EQ(errors.count, 0) << "no allocation failed, yet errors";
      break;
    }
    ++failuresSeen;
    EXPECT_GE(errors.count, 1) << "allocation " << failAt << " failed silently";
    bool outOfMemory = false;
    for (int i = 0; i < std::min(errors.count, Errors::kMax); ++i)
      outOfMemory |= errors.codes[i] == CUDA_ERROR_OUT_OF_MEMORY;
    EXPECT_TRUE(outOfMemory) << "allocation " << failAt;
    errors.count = 0;
    ASSERT_LT(failAt, 10000) << "the calls never stop allocating";
  }
  EXPECT_GT(failuresSeen, 5);
}

} // namespace
