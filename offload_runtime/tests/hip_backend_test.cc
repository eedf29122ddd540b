//===- hip_backend_test.cc - The HIP backend against the test runtime -----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The HIP backend (MGPU_DEVICE=rocm) against libfake_hip.so, with three AMD
// GPUs (see BUILD.bazel): gfx90a:sramecc+:xnack-, gfx942:sramecc+:xnack- and
// gfx90a:sramecc+:xnack+, and real code objects for several chips and modes
// (hip_test_kernels.ll). The runtime chooses its backend once per process,
// so each test of a first use, of another runtime or of an error that ends
// the program runs in a fresh process (a gtest death test in "threadsafe"
// style re-executes this binary).
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

#include "offload_runtime/hip/hip_api.h"
#include "offload_runtime/testing/fake_cuda.h"
#include "offload_runtime/testing/fake_hip.h"
#include "offload_runtime/testing/fresh_process.h"

#include "gtest/gtest.h"

#include <cuda.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace hip = mgpu::hip;
using ::mgpu::testing::FakeHip;
using ::mgpu::testing::ReadTestFile;

namespace {

// e_flags of the test objects.
constexpr uint32_t kGfx90a = 0x53f, kGfx90aSrameccOnXnackOff = 0xe3f,
                   kGfx90aXnackOn = 0x73f, kGfx942 = 0x54c, kGfx1100 = 0x41;

/// A test code object, by its file's environment variable.
std::string CodeObject(const char *variable) {
  return ReadTestFile(std::getenv(variable));
}

MgpuObject Amdgpu(const std::string &object, uint32_t flags) {
  return {object.data(),
          object.size(),
          MGPU_OBJECT_AMDGPU,
          static_cast<int32_t>(flags & 0xff),
          static_cast<int32_t>(flags & 0xf00),
          0};
}

/// The one-line errors that reach mgpuSetErrorHandler.
struct Errors {
  std::vector<std::string> seen;
  static void Record(const char *entryPoint, int32_t, const char *message,
                     void *self) {
    static_cast<Errors *>(self)->seen.push_back(std::string(entryPoint) + ": " +
                                                message);
  }
  /// The one error since the last call, or "" for none.
  std::string Take() {
    EXPECT_LE(seen.size(), 1u) << seen[0];
    std::string first = seen.empty() ? "" : seen[0];
    seen.clear();
    return first;
  }
};

class HipBackend : public ::testing::Test {
protected:
  void SetUp() override {
    mgpuSetErrorHandler(Errors::Record, &errors);
    mgpuSetDefaultDevice(0);
    gfx90a = CodeObject("HIP_KERNELS_GFX90A");
    exact = CodeObject("HIP_KERNELS_GFX90A_SRAMECC_ON_XNACK_OFF");
    xnackOn = CodeObject("HIP_KERNELS_GFX90A_XNACK_ON");
    gfx942 = CodeObject("HIP_KERNELS_GFX942");
    gfx1100 = CodeObject("HIP_KERNELS_GFX1100");
  }
  void TearDown() override {
    mgpuSetDefaultDevice(0);
    mgpuSetErrorHandler(nullptr, nullptr);
  }

  /// A gpu.binary @kernels of an object for each chip and mode.
  MgpuModuleHandle LoadBinary() {
    objects = {Amdgpu(gfx90a, kGfx90a), Amdgpu(exact, kGfx90aSrameccOnXnackOff),
               Amdgpu(gfx942, kGfx942)};
    return mgpuModuleLoadObjects(objects.data(), objects.size(), "kernels");
  }

  Errors errors;
  FakeHip fake;
  std::string gfx90a, exact, xnackOn, gfx942, gfx1100;
  std::vector<MgpuObject> objects;
};

//===--- Choosing the object for each device ------------------------------===//

TEST_F(HipBackend, EachDeviceLoadsTheObjectThatFitsItBest) {
  MgpuModuleHandle module = LoadBinary();
  ASSERT_EQ(errors.Take(), "");
  // Device 0 (gfx90a:sramecc+:xnack-): its exact modes over the open object.
  EXPECT_EQ(fake.lastLoadFlags(), kGfx90aSrameccOnXnackOff);
  EXPECT_EQ(fake.lastLoadDevice(), 0);
  // Device 1 (gfx942:sramecc+:xnack-), when it first uses the module.
  mgpuSetDefaultDevice(1);
  ASSERT_NE(mgpuModuleGetFunction(module, "fill"), nullptr);
  EXPECT_EQ(fake.lastLoadFlags(), kGfx942);
  EXPECT_EQ(fake.lastLoadDevice(), 1);
  // Device 2 (gfx90a:sramecc+:xnack+): the xnack- object cannot run there.
  mgpuSetDefaultDevice(2);
  ASSERT_NE(mgpuModuleGetFunction(module, "fill"), nullptr);
  EXPECT_EQ(fake.lastLoadFlags(), kGfx90a);
  EXPECT_EQ(fake.lastLoadDevice(), 2);
  EXPECT_EQ(errors.Take(), "");
  int64_t modules = fake.liveModules();
  mgpuModuleUnload(module);
  EXPECT_EQ(fake.liveModules(), modules - 3);
}

TEST_F(HipBackend, NoObjectForTheDeviceIsOneErrorNamingBoth) {
  std::vector<MgpuObject> others = {Amdgpu(xnackOn, kGfx90aXnackOn),
                                    Amdgpu(gfx1100, kGfx1100),
                                    {"x", 1, MGPU_OBJECT_HOST, 62, 0, 0}};
  EXPECT_EQ(mgpuModuleLoadObjects(others.data(), others.size(), "kernels"),
            nullptr);
  EXPECT_EQ(errors.Take(),
            "mgpuModuleLoadObjects: gpu.binary @kernels has no object for "
            "device 0 (gfx90a:sramecc+:xnack-): it holds AMDGPU "
            "gfx90a:xnack+, AMDGPU gfx1100, host x86-64; compile it for this "
            "chip too (#offload.rocm), with xnack and sramecc as the device "
            "has them or left open");
  EXPECT_EQ(mgpuGetLastError(), CUDA_ERROR_NO_BINARY_FOR_GPU);
}

TEST_F(HipBackend, ObjectWhoseFlagsLieIsRefusedBeforeTheLoader) {
  // Said to be for gfx90a, but its ELF header says gfx942.
  std::vector<MgpuObject> lying = {Amdgpu(gfx942, kGfx90a)};
  EXPECT_EQ(mgpuModuleLoadObjects(lying.data(), 1, "kernels"), nullptr);
  EXPECT_EQ(errors.Take(),
            "mgpuModuleLoadObjects: the AMDGPU code object is for gfx942; "
            "device 0 (gfx90a:sramecc+:xnack-) cannot run it: compile it for "
            "gfx90a (#offload.rocm), with xnack and sramecc as the device has "
            "them or left open");
}

//===--- Images (mgpuModuleLoad) ------------------------------------------===//

TEST_F(HipBackend, ImageIsCheckedAndCopied) {
  auto *image = new std::string(gfx90a);
  MgpuModuleHandle module = mgpuModuleLoad(image->data(), image->size());
  ASSERT_EQ(errors.Take(), "");
  EXPECT_EQ(fake.lastLoadFlags(), kGfx90a);
  // The caller may free the image: device 2 loads the module's copy.
  delete image;
  mgpuSetDefaultDevice(2);
  EXPECT_NE(mgpuModuleGetFunction(module, "other"), nullptr);
  EXPECT_EQ(fake.lastLoadDevice(), 2);
  EXPECT_EQ(errors.Take(), "");
  mgpuModuleUnload(module);
  // Without a size, the headers say how far it reaches.
  module = mgpuModuleLoad(gfx90a.data(), 0);
  EXPECT_EQ(errors.Take(), "");
  mgpuModuleUnload(module);
}

TEST_F(HipBackend, ImagesTheDeviceCannotRunAreOneLineEach) {
  std::string cubin = mgpu::testing::MakeCubin(90, {"fill"});
  mgpuModuleLoad(cubin.data(), cubin.size());
  EXPECT_EQ(errors.Take(),
            "mgpuModuleLoad: the object is a CUDA cubin; the HIP backend runs "
            "AMDGPU code objects (#offload.rocm)");
  mgpuModuleLoad(gfx942.data(), gfx942.size());
  EXPECT_EQ(errors.Take(),
            "mgpuModuleLoad: the AMDGPU code object is for gfx942; device 0 "
            "(gfx90a:sramecc+:xnack-) cannot run it: compile it for gfx90a "
            "(#offload.rocm), with xnack and sramecc as the device has them "
            "or left open");
  mgpuModuleLoad(gfx90a.data(), gfx90a.size() - 100);
  EXPECT_EQ(errors.Take().rfind("mgpuModuleLoad: the AMDGPU code object is "
                                "truncated or damaged: ",
                                0),
            0u);
  std::string relocatable = gfx90a;
  relocatable[16] = 1; // ET_REL
  mgpuModuleLoad(relocatable.data(), relocatable.size());
  EXPECT_EQ(errors.Take(),
            "mgpuModuleLoad: the AMDGPU code object is an ELF file of type 1, "
            "not a shared object: link it with ld.lld -shared, as "
            "#offload.rocm does");
  std::string ptx = ".version 8.0\n.target sm_90\n";
  mgpuModuleLoadJIT(ptx.data(), 2);
  EXPECT_EQ(errors.Take(),
            "mgpuModuleLoadJIT: the HIP backend has no JIT: mgpuModuleLoadJIT "
            "takes PTX, for CUDA; load an AMDGPU code object");
}

TEST_F(HipBackend, LoaderChecksWhatTheBackendCannotSee) {
  // A code object version the loader does not know (EI_ABIVERSION), loaded
  // without a size: the test runtime refuses it as AMD's loader would.
  std::string future = gfx90a;
  future[8] = 9;
  mgpuModuleLoad(future.data(), 0);
  EXPECT_EQ(errors.Take(),
            "mgpuModuleLoad: hipModuleLoadData failed with "
            "hipErrorInvalidImage: device 0 (gfx90a:sramecc+:xnack-); the GPU "
            "code was not built for this device's chip and features: compile "
            "it for this chip (#offload.rocm)");
}

//===--- Kernels and launches ---------------------------------------------===//

TEST_F(HipBackend, KernelsAreFoundByTheirDescriptors) {
  MgpuModuleHandle module = LoadBinary();
  fake.resetCalls();
  MgpuFunctionHandle fill = mgpuModuleGetFunction(module, "fill");
  EXPECT_NE(fill, nullptr);
  EXPECT_EQ(mgpuModuleGetFunction(module, "fill"), fill);
  EXPECT_NE(mgpuModuleGetFunction(module, "other"), fill);
  EXPECT_EQ(fake.calls("hipModuleGetFunction"), 2);
  EXPECT_EQ(errors.Take(), "");
  EXPECT_EQ(mgpuModuleGetFunction(module, "missing"), nullptr);
  EXPECT_EQ(errors.Take(),
            "mgpuModuleGetFunction: hipModuleGetFunction failed with "
            "hipErrorNotFound (named symbol not found): kernel 'missing' on "
            "device 0 (gfx90a:sramecc+:xnack-); the module has no kernel of "
            "that name");
  EXPECT_EQ(mgpuGetLastError(), CUDA_ERROR_NOT_FOUND);
  mgpuModuleUnload(module);
}

TEST_F(HipBackend, LaunchPassesGridBlockSharedMemoryStreamAndParams) {
  MgpuModuleHandle module = LoadBinary();
  MgpuFunctionHandle fill = mgpuModuleGetFunction(module, "fill");
  MgpuStream stream = mgpuStreamCreate();
  void *out = mgpuMemAlloc(1024, stream, false);
  int32_t value = 7;
  void *params[] = {&out, &value};
  fake.resetCalls();
  mgpuLaunchKernel(fill, 4, 2, 1, 64, 2, 1, 256, stream, params, nullptr, 2);
  ASSERT_EQ(errors.Take(), "");
  FakeHipLaunch launch = fake.lastLaunch();
  EXPECT_STREQ(launch.kernel, "fill");
  EXPECT_EQ(launch.grid[0], 4u);
  EXPECT_EQ(launch.grid[1], 2u);
  EXPECT_EQ(launch.block[0], 64u);
  EXPECT_EQ(launch.block[1], 2u);
  EXPECT_EQ(launch.sharedMemBytes, 256u);
  EXPECT_EQ(launch.stream, static_cast<void *>(stream));
  EXPECT_EQ(launch.kernelParams, params);
  EXPECT_EQ(launch.extra, nullptr);
  EXPECT_EQ(launch.device, 0);
  EXPECT_EQ(launch.objectFlags, kGfx90aSrameccOnXnackOff);
  EXPECT_EQ(fake.calls("hipModuleGetFunction"), 0); // found once, above
  mgpuMemFree(out, stream);
  mgpuStreamDestroy(stream);
  mgpuModuleUnload(module);
}

TEST_F(HipBackend, KernelHandleLaunchesOnEveryDevice) {
  MgpuModuleHandle module = LoadBinary();
  MgpuFunctionHandle fill = mgpuModuleGetFunction(module, "fill");
  for (int device : {1, 2, 0}) {
    mgpuSetDefaultDevice(device);
    // A stream of the device: the test runtime refuses a kernel on a stream
    // of another device.
    MgpuStream stream = mgpuStreamCreate();
    mgpuLaunchKernel(fill, 1, 1, 1, 32, 1, 1, 0, stream, nullptr, nullptr, 0);
    mgpuLaunchKernel(fill, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr, 0);
    EXPECT_EQ(fake.lastLaunch().device, device);
    mgpuStreamSynchronize(nullptr);
    mgpuStreamDestroy(stream);
  }
  EXPECT_EQ(errors.Take(), "");
  mgpuModuleUnload(module);
}

TEST_F(HipBackend, CallsLeaveTheThreadsHipDeviceAsTheyFoundIt) {
  auto setDevice =
      fake.entryPoint<decltype(&hip::hipSetDevice)>("hipSetDevice");
  ASSERT_EQ(setDevice(0), hip::hipSuccess);
  mgpuSetDefaultDevice(1);
  void *memory = mgpuMemAlloc(64, nullptr, false);
  mgpuMemFree(memory, nullptr);
  EXPECT_EQ(fake.currentDevice(), 0);
  mgpuSetDefaultDevice(0);
  fake.resetCalls();
  memory = mgpuMemAlloc(64, nullptr, false);
  mgpuMemFree(memory, nullptr);
  // Already current: asked, never set.
  EXPECT_EQ(fake.calls("hipSetDevice"), 0);
  EXPECT_EQ(errors.Take(), "");
}

TEST_F(HipBackend, ClustersAndTensorMapsAreNotForAmdGpus) {
  MgpuModuleHandle module = LoadBinary();
  MgpuFunctionHandle fill = mgpuModuleGetFunction(module, "fill");
  mgpuLaunchClusterKernel(fill, 2, 1, 1, 2, 1, 1, 32, 1, 1, 0, nullptr, nullptr,
                          nullptr);
  EXPECT_EQ(errors.Take(),
            "mgpuLaunchClusterKernel: thread block clusters are a CUDA "
            "feature (sm_90 and newer); the HIP backend launches no clusters "
            "on AMD GPUs");
  alignas(64) char map[128];
  uint64_t dims[1] = {64}, strides[1] = {4};
  uint32_t box[1] = {16}, elementStrides[1] = {1};
  void *global = mgpuMemAlloc(256, nullptr, false);
  mgpuTensorMapEncodeTiled(map, 0, 1, global, dims, strides, box,
                           elementStrides, 0, 0, 0, 0);
  EXPECT_EQ(errors.Take(),
            "mgpuTensorMapEncodeTiled: tensor maps (TMA) need a CUDA device "
            "of sm_90 or newer; the HIP backend has none");
  EXPECT_EQ(mgpuGetLastError(), CUDA_ERROR_NOT_SUPPORTED);
  mgpuMemFree(global, nullptr);
  mgpuModuleUnload(module);
}

TEST_F(HipBackend, ThreadsShareModulesAndKernelsOnEveryDevice) {
  MgpuModuleHandle module = LoadBinary();
  int64_t launches = fake.launches();
  constexpr int kThreads = 6, kLaunches = 20;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([module, t] {
      mgpuSetDefaultDevice(t % 3);
      MgpuStream stream = mgpuStreamCreate();
      void *memory = mgpuMemAlloc(256, stream, false);
      for (int i = 0; i < kLaunches; ++i) {
        MgpuFunctionHandle f =
            mgpuModuleGetFunction(module, i % 2 ? "fill" : "other");
        void *params[] = {&memory, &i};
        mgpuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, i % 3 ? stream : nullptr,
                         params, nullptr, 2);
        mgpuMemset32(memory, i, 64, stream);
      }
      mgpuStreamSynchronize(stream);
      mgpuMemFree(memory, stream);
      mgpuStreamDestroy(stream);
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(errors.Take(), "");
  EXPECT_EQ(fake.launches(), launches + kThreads * kLaunches);
  mgpuModuleUnload(module);
}

//===--- Streams, events, memory ------------------------------------------===//

TEST_F(HipBackend, StreamsComeFromAPool) {
  fake.resetCalls();
  for (int i = 0; i < 100; ++i)
    mgpuStreamDestroy(mgpuStreamCreate());
  EXPECT_LE(fake.calls("hipStreamCreateWithFlags"), 1);
  EXPECT_EQ(fake.calls("hipStreamDestroy"), 0);
  MgpuStream stream = mgpuStreamCreate();
  mgpuStreamDestroy(stream);
  mgpuStreamDestroy(stream);
  std::string error = errors.Take();
  EXPECT_EQ(error.rfind("mgpuStreamDestroy: the stream 0x", 0), 0u) << error;
  EXPECT_NE(error.find(" is not a live stream"), std::string::npos) << error;
}

TEST_F(HipBackend, EventsOrderStreams) {
  MgpuStream first = mgpuStreamCreate(), second = mgpuStreamCreate();
  int64_t events = fake.liveEvents();
  MgpuEvent event = mgpuEventCreate();
  EXPECT_EQ(fake.liveEvents(), events + 1);
  mgpuEventRecord(event, first);
  mgpuStreamWaitEvent(second, event);
  mgpuStreamWaitEvent(nullptr, event);
  mgpuEventSynchronize(event);
  mgpuStreamSynchronize(second);
  mgpuEventDestroy(event);
  EXPECT_EQ(fake.liveEvents(), events);
  mgpuStreamDestroy(first);
  mgpuStreamDestroy(second);
  EXPECT_EQ(errors.Take(), "");
}

TEST_F(HipBackend, MemoryRoundTrips) {
  int64_t allocations = fake.liveAllocations();
  MgpuStream stream = mgpuStreamCreate();
  void *device = mgpuMemAlloc(64, stream, false);
  void *shared = mgpuMemAlloc(64, stream, true);
  EXPECT_EQ(fake.liveAllocations(), allocations + 2);
  EXPECT_EQ(fake.calls("hipMallocManaged"), 1);
  std::vector<uint32_t> host(16, 5), back(16, 0);
  mgpuMemcpy(device, host.data(), 64, stream);
  mgpuMemcpy(shared, device, 64, stream);
  mgpuMemcpy(back.data(), shared, 64, stream);
  mgpuStreamSynchronize(stream);
  EXPECT_EQ(back, host);
  mgpuMemset32(device, 0xdeadbeef, 16, stream);
  mgpuMemset16(static_cast<char *>(device) + 32, 0x1234, 4, stream);
  mgpuMemcpy(back.data(), device, 64, stream);
  mgpuStreamSynchronize(stream);
  EXPECT_EQ(back[0], 0xdeadbeefu);
  EXPECT_EQ(back[8], 0x12341234u);
  EXPECT_EQ(back[10], 0xdeadbeefu);
  mgpuMemFree(device, stream);
  mgpuMemFree(shared, stream);
  EXPECT_EQ(fake.liveAllocations(), allocations);
  mgpuStreamDestroy(stream);
  EXPECT_EQ(errors.Take(), "");
}

TEST_F(HipBackend, HostMemoryIsRegisteredOnce) {
  std::vector<char> host(4096);
  mgpuMemHostRegister(host.data(), host.size());
  EXPECT_EQ(fake.liveRegistrations(), 1);
  EXPECT_EQ(errors.Take(), "");
  mgpuMemHostRegister(host.data(), host.size());
  EXPECT_EQ(errors.Take(), "mgpuMemHostRegister: hipHostRegister failed with "
                           "hipErrorHostMemoryAlreadyRegistered");
  EXPECT_EQ(mgpuGetLastError(), CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
  mgpuMemHostUnregister(host.data());
  EXPECT_EQ(fake.liveRegistrations(), 0);
  mgpuMemHostUnregister(host.data());
  EXPECT_EQ(errors.Take(),
            "mgpuMemHostUnregister: hipHostUnregister failed with "
            "hipErrorHostMemoryNotRegistered");
}

//===--- Every HIP call that fails is the runtime's error, not a crash ----===//

TEST_F(HipBackend, EveryFailingCallIsOneErrorLine) {
  MgpuModuleHandle module = LoadBinary();
  MgpuFunctionHandle fill = mgpuModuleGetFunction(module, "fill");
  MgpuEvent event = mgpuEventCreate();
  void *memory = mgpuMemAlloc(64, nullptr, false);
  std::vector<char> host(64);
  // Each entry point, and the HIP call it makes that is made to fail.
  std::vector<std::pair<const char *, std::function<void()>>> calls = {
      {"hipModuleLoadData", [&] { LoadBinary(); }},
      {"hipModuleGetFunction", [&] { mgpuModuleGetFunction(module, "other"); }},
      {"hipModuleLaunchKernel",
       [&] {
         mgpuLaunchKernel(fill, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr,
                          0);
       }},
      // The pool's idle streams first, then a new one.
      {"hipStreamCreateWithFlags",
       [&] {
         std::vector<MgpuStream> held;
         while (MgpuStream stream = mgpuStreamCreate())
           held.push_back(stream);
         for (MgpuStream stream : held)
           mgpuStreamDestroy(stream);
       }},
      {"hipStreamSynchronize", [&] { mgpuStreamSynchronize(nullptr); }},
      {"hipStreamWaitEvent", [&] { mgpuStreamWaitEvent(nullptr, event); }},
      {"hipEventCreateWithFlags", [&] { mgpuEventCreate(); }},
      {"hipEventRecord", [&] { mgpuEventRecord(event, nullptr); }},
      {"hipEventSynchronize", [&] { mgpuEventSynchronize(event); }},
      {"hipEventDestroy", [&] { mgpuEventDestroy(mgpuEventCreate()); }},
      {"hipMalloc", [&] { mgpuMemAlloc(64, nullptr, false); }},
      {"hipMallocManaged", [&] { mgpuMemAlloc(64, nullptr, true); }},
      {"hipFree", [&] { mgpuMemFree(mgpuMemAlloc(64, nullptr, false), 0); }},
      {"hipMemcpyAsync", [&] { mgpuMemcpy(memory, host.data(), 64, nullptr); }},
      {"hipMemsetD32Async", [&] { mgpuMemset32(memory, 1, 16, nullptr); }},
      {"hipMemsetD16Async", [&] { mgpuMemset16(memory, 1, 32, nullptr); }},
      {"hipHostRegister",
       [&] { mgpuMemHostRegister(host.data(), host.size()); }},
      {"hipHostUnregister",
       [&] {
         mgpuMemHostRegister(host.data(), host.size());
         mgpuMemHostUnregister(host.data());
       }},
      // The memory is registered still: the unregistration above failed.
      {"hipHostGetDevicePointer",
       [&] {
         auto *ints = reinterpret_cast<int32_t *>(host.data());
         mgpuMemGetDeviceMemRef1dInt32(ints, ints, 0, 16, 1);
       }},
      {"hipGetDevice", [&] { mgpuMemFree(memory, nullptr); }},
      {"hipSetDevice",
       [&] {
         mgpuSetDefaultDevice(1);
         mgpuEventCreate();
         mgpuSetDefaultDevice(0);
       }},
      {"hipModuleUnload", [&] { mgpuModuleUnload(LoadBinary()); }},
  };
  for (auto &[call, run] : calls) {
    SCOPED_TRACE(call);
    errors.Take();
    fake.failCall(call, hip::hipErrorLaunchFailure);
    run();
    std::string error = errors.Take();
    EXPECT_NE(
        error.find(std::string(call) + " failed with hipErrorLaunchFailure"),
        std::string::npos)
        << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
  }
  mgpuMemHostUnregister(host.data());
  mgpuEventDestroy(event);
  mgpuMemFree(memory, nullptr);
  mgpuModuleUnload(module);
  EXPECT_EQ(errors.Take(), "");
}

TEST_F(HipBackend, ErrorTextWithoutTheRuntimesNames) {
  fake.failCall("hipMalloc", hip::hipErrorOutOfMemory);
  fake.failCall("hipGetErrorName", hip::hipErrorUnknown);
  fake.failCall("hipGetErrorString", hip::hipErrorUnknown);
  mgpuMemAlloc(64, nullptr, false);
  EXPECT_EQ(errors.Take(),
            "mgpuMemAlloc: hipMalloc failed with HIP error 2: 64 bytes on "
            "device 0 (gfx90a:sramecc+:xnack-); out of device memory: free "
            "memory or use less of it");
  EXPECT_EQ(mgpuGetLastError(), CUDA_ERROR_OUT_OF_MEMORY);
}

//===--- The runtime: missing, no device, the ROCm 5 layout, the trace ----===//

/// A failure at the process's first call that needs the runtime: one line,
/// `line`, and exit code 1.
struct FailureAtStart {
  const char *name;
  /// What `call()` prints, as a regular expression.
  const char *line;
  void (*call)();
};

class HipRuntimeAtStart : public ::testing::TestWithParam<FailureAtStart> {};

TEST_P(HipRuntimeAtStart, FailsWithOneLine) {
  EXPECT_IN_FRESH_PROCESS(1, GetParam().line, { GetParam().call(); });
}

INSTANTIATE_TEST_SUITE_P(
    HipRuntime, HipRuntimeAtStart,
    ::testing::Values(
        FailureAtStart{
            "MissingRuntime",
            "^mgpu: mgpuStreamCreate: cannot load the HIP runtime "
            "MGPU_HIP_RUNTIME names \\(/nonexistent/libamdhip64.so: cannot "
            "open shared object file: No such file or directory\\): point it "
            "at a libamdhip64.so, or unset it\n$",
            [] {
              setenv("MGPU_HIP_RUNTIME", "/nonexistent/libamdhip64.so", 1);
              mgpuStreamCreate();
            }},
        FailureAtStart{
            "NoDevice",
            "^mgpu: mgpuMemAlloc: the HIP runtime .*/libfake_hip.so sees no "
            "AMD GPU \\(hipInit failed with hipErrorInvalidDevice\\): check "
            "the GPU, its amdgpu kernel driver \\(/dev/kfd\\) and "
            "HIP_VISIBLE_DEVICES\n$",
            [] {
              setenv("FAKE_HIP_DEVICES", "", 1);
              mgpuMemAlloc(16, nullptr, false);
            }},
        FailureAtStart{
            "InitFails",
            "^mgpu: mgpuStreamCreate: hipInit failed with "
            "hipErrorInsufficientDriver; the amdgpu kernel driver is older "
            "than this HIP runtime needs: update it\n$",
            [] {
              FakeHip().failCall("hipInit", hip::hipErrorInsufficientDriver);
              mgpuStreamCreate();
            }},
        FailureAtStart{
            "DevicePropertiesFail",
            "^mgpu: mgpuStreamCreate: hipGetDevicePropertiesR0600 failed with "
            "hipErrorInvalidValue: device 0\n$",
            [] {
              FakeHip().failCall("hipGetDevicePropertiesR0600",
                                 hip::hipErrorInvalidValue);
              mgpuStreamCreate();
            }},
        FailureAtStart{
            "NoSuchDevice",
            "^mgpu: mgpuStreamCreate: device 3 does not exist; this machine "
            "has 3 AMD GPUs \\(check HIP_VISIBLE_DEVICES\\)\n$",
            [] {
              mgpuSetDefaultDevice(3);
              mgpuStreamCreate();
            }},
        FailureAtStart{
            "UnknownChipRunsNothing",
            "^mgpu: mgpuModuleLoad: the AMDGPU code object is for gfx90a; "
            "device 0 \\(gfx9999, a chip this runtime does not know\\) runs "
            "no code object\n$",
            [] {
              setenv("FAKE_HIP_DEVICES", "gfx9999", 1);
              std::string object = CodeObject("HIP_KERNELS_GFX90A");
              mgpuModuleLoad(object.data(), object.size());
            }}),
    [](const ::testing::TestParamInfo<FailureAtStart> &info) {
      return std::string(info.param.name);
    });

/// The label the trace gives the process, in a fresh process that ran
/// `body` with MGPU_TRACE set.
template <typename Body> std::string TraceLabel(Body body) {
  std::string path =
      std::string(std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR")
                                             : "/tmp") +
      "/hip_trace_" +
      ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".json";
  std::remove(path.c_str());
  EXPECT_IN_FRESH_PROCESS(0, "", {
    setenv("MGPU_TRACE", path.c_str(), 1);
    body();
  });
  std::ifstream file(path);
  std::string trace(std::istreambuf_iterator<char>(file), {});
  size_t at = trace.find("\"labels\":\"");
  if (at == std::string::npos)
    return "no label in: " + trace;
  at += std::strlen("\"labels\":\"");
  return trace.substr(at, trace.find('"', at) - at);
}

TEST(HipRuntime, TraceNamesTheDevice) {
  EXPECT_EQ(TraceLabel([] { mgpuStreamCreate(); }),
            "AMD gfx90a:sramecc+:xnack- (device 0 'Fake AMD GPU 0' of 3)");
}

TEST(HipRuntime, TestRuntimeLogsEachLoad) {
  std::string log =
      std::string(std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR")
                                             : "/tmp") +
      "/fake_hip.log";
  std::remove(log.c_str());
  EXPECT_IN_FRESH_PROCESS(0, "", {
    setenv("FAKE_HIP_LOG", log.c_str(), 1);
    mgpuSetDefaultDevice(1);
    std::string object = CodeObject("HIP_KERNELS_GFX942");
    mgpuModuleLoad(object.data(), object.size());
  });
  std::ifstream file(log);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(file), {}),
            "device 1 gfx942 kernels fill,other\n");
}

TEST(HipRuntime, Rocm5LayoutOfDeviceProperties) {
  EXPECT_EQ(TraceLabel([] {
              setenv("MGPU_HIP_RUNTIME", std::getenv("FAKE_HIP5"), 1);
              setenv("FAKE_HIP_DEVICES", "gfx942:sramecc+:xnack-", 1);
              mgpuStreamCreate();
            }),
            "AMD gfx942:sramecc+:xnack- (device 0 'Fake AMD GPU 0' of 1)");
}

//===--- MGPU_DEVICE=auto: which runtime a binary's objects try -----------===//

/// A binary as a compiler targeting sm_90, gfx90a and the host makes it.
void LoadThreeVendorBinary() {
  static std::string cubin = mgpu::testing::MakeCubin(90, {"fill"});
  static std::string amdgpu = CodeObject("HIP_KERNELS_GFX90A");
  static std::string host = ReadTestFile(std::getenv("HIP_AUTO_HOST_OBJECT"));
  MgpuObject objects[] = {
      {cubin.data(), cubin.size(), MGPU_OBJECT_CUBIN, 90, 0, 0},
      Amdgpu(amdgpu, kGfx90a),
      {host.data(), host.size(), MGPU_OBJECT_HOST, 62, 0, 0},
  };
  if (!mgpuModuleLoadObjects(objects, 3, "kernels"))
    std::exit(2);
  if (!mgpuModuleGetFunction(mgpuModuleLoadObjects(objects, 3, "kernels"),
                             "fill"))
    std::exit(3);
}

/// Loads gpu.binary @kernels with a cubin for sm_90 and a gfx90a code
/// object, and no host object.
void LoadCubinAndAmdgpuObject() {
  std::string cubin = mgpu::testing::MakeCubin(90, {"fill"});
  std::string amdgpu = CodeObject("HIP_KERNELS_GFX90A");
  MgpuObject objects[] = {
      {cubin.data(), cubin.size(), MGPU_OBJECT_CUBIN, 90, 0, 0},
      Amdgpu(amdgpu, kGfx90a)};
  mgpuModuleLoadObjects(objects, 2, "kernels");
}

/// The label of the backend that MGPU_DEVICE=auto chooses for the binary of
/// three vendors' objects where no CUDA driver loads, with `variable` set to
/// `value` for HIP.
std::string AutoLabelWithoutCuda(const char *variable, const char *value) {
  return TraceLabel([&] {
    unsetenv("MGPU_DEVICE");
    setenv("MGPU_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
    setenv(variable, value, 1);
    LoadThreeVendorBinary();
  });
}

TEST(HipAuto, WithoutCudaTheHipRuntimeRunsTheAmdgpuObject) {
  EXPECT_EQ(AutoLabelWithoutCuda("FAKE_HIP_DEVICES", "gfx90a:sramecc+:xnack-"),
            "AMD gfx90a:sramecc+:xnack- (device 0 'Fake AMD GPU 0' of 1)");
}

TEST(HipAuto, CudaComesFirst) {
  EXPECT_IN_FRESH_PROCESS(0, "", {
    unsetenv("MGPU_DEVICE");
    setenv("MGPU_CUDA_DRIVER", std::getenv("FAKE_CUDA"), 1);
    LoadThreeVendorBinary();
    if (mgpu::testing::FakeCuda().lastImageArch() != 90 ||
        FakeHip().calls("hipInit") != 0)
      std::exit(4);
  });
}

TEST(HipAuto, WithNeitherTheHostRuns) {
  EXPECT_EQ(
      AutoLabelWithoutCuda("MGPU_HIP_RUNTIME", "/nonexistent/libamdhip64.so")
          .rfind("host CPU, ", 0),
      0u);
}

TEST(HipAuto, TheHostSaysWhyNeitherGpuRuns) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuModuleLoadObjects: gpu.binary @kernels has no object for "
      "the host CPU \\(x86-64\\): it holds cubin sm_90, AMDGPU gfx90a; "
      "MGPU_DEVICE=auto runs on the host because CUDA cannot: cannot load "
      "the CUDA driver .*; ROCm cannot: the HIP runtime .*/libfake_hip.so "
      "sees no AMD GPU .*\\. Compile it for the host too .*\n$",
      {
        unsetenv("MGPU_DEVICE");
        setenv("MGPU_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
        setenv("FAKE_HIP_DEVICES", "", 1);
        LoadCubinAndAmdgpuObject();
      });
}

// An NVIDIA GPU that the binary has no object for is passed over as an AMD
// GPU is: the next backend runs it.
TEST(HipAuto, AnNvidiaGpuWithoutAnObjectIsPassedOver) {
  EXPECT_EQ(TraceLabel([] {
              unsetenv("MGPU_DEVICE");
              setenv("MGPU_CUDA_DRIVER", std::getenv("FAKE_CUDA"), 1);
              setenv("FAKE_CUDA_DEVICES", "80", 1);
              setenv("FAKE_HIP_DEVICES", "gfx90a:sramecc+:xnack-", 1);
              LoadThreeVendorBinary();
              // CUDA made no context where it was not chosen.
              if (mgpu::testing::FakeCuda().calls("cuDevicePrimaryCtxRetain"))
                std::exit(4);
            }),
            "AMD gfx90a:sramecc+:xnack- (device 0 'Fake AMD GPU 0' of 1)");
}

// A binary that loads lazily registers its objects from a global
// constructor (#offload.loader<load = lazy>): when the program's first call
// loads nothing (an allocation), the choice goes by them all the same.
TEST(HipAuto, LazyBinariesChooseBeforeTheirFirstLaunch) {
  EXPECT_EQ(TraceLabel([] {
              unsetenv("MGPU_DEVICE");
              // CUDA starts, but the binary has nothing for it.
              setenv("MGPU_CUDA_DRIVER", std::getenv("FAKE_CUDA"), 1);
              setenv("FAKE_HIP_DEVICES", "gfx90a:sramecc+:xnack-", 1);
              static std::string amdgpu = CodeObject("HIP_KERNELS_GFX90A");
              static std::string host =
                  ReadTestFile(std::getenv("HIP_AUTO_HOST_OBJECT"));
              static MgpuObject objects[] = {
                  Amdgpu(amdgpu, kGfx90a),
                  {host.data(), host.size(), MGPU_OBJECT_HOST, 62, 0, 0},
              };
              mgpuRegisterObjects(objects, 2, "lazy");
              if (!mgpuMemAlloc(64, nullptr, false))
                std::exit(2);
              MgpuModuleHandle module = nullptr;
              MgpuFunctionHandle kernel = nullptr;
              if (!mgpuGetFunctionLazily(&module, objects, 2, "lazy", "fill",
                                         &kernel))
                std::exit(3);
            }),
            "AMD gfx90a:sramecc+:xnack- (device 0 'Fake AMD GPU 0' of 1)");
}

// Where no GPU runs every binary known, the host says why each did not.
TEST(HipAuto, TheHostSaysWhichBinaryEachGpuCannotRun) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuModuleLoadObjects: gpu.binary @kernels has no object for "
      "the host CPU \\(x86-64\\): it holds cubin sm_90, AMDGPU gfx90a; "
      "MGPU_DEVICE=auto runs on the host because CUDA cannot run gpu.binary "
      "@kernels: device 0 \\(sm_80\\) runs none of cubin sm_90, AMDGPU "
      "gfx90a; ROCm cannot run gpu.binary @kernels: device 0 "
      "\\(gfx1100\\) runs none of cubin sm_90, AMDGPU gfx90a\\. Compile it "
      "for the host too .*\n$",
      {
        unsetenv("MGPU_DEVICE");
        setenv("MGPU_CUDA_DRIVER", std::getenv("FAKE_CUDA"), 1);
        setenv("FAKE_CUDA_DEVICES", "80", 1);
        setenv("FAKE_HIP_DEVICES", "gfx1100", 1);
        LoadCubinAndAmdgpuObject();
      });
}

} // namespace
