//===- runtime_test.cc - libmgpu against the test CUDA driver -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The runtime loads its driver once per process, so every test of a first use
// or of an error that ends the program runs in a fresh process (a gtest death
// test in "threadsafe" style re-executes this binary).
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

#include "offload_runtime/testing/fake_cuda.h"
#include "offload_runtime/testing/fresh_process.h"
#include "offload_runtime/testing/memref_descriptor.h"
#include "offload_runtime/testing/test_support.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <cuda.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <initializer_list>
#include <mutex>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using ::mgpu::testing::FakeCuda;
using ::mgpu::testing::MakeCubin;
using ::mgpu::testing::MakePtx;
using ::mgpu::testing::MemRef2D;
using ::mgpu::testing::RecordedErrors;

namespace {

std::string Cubin90() { return MakeCubin(90, {"kernel", "other"}); }

MgpuModuleHandle Load(const std::string &image) {
  return mgpuModuleLoad(const_cast<char *>(image.data()), image.size());
}

//===--- Errors: one line, naming the call, the CUDA error, what to do ----===//

TEST(RuntimeErrors, NoDriverIsOneLineAndExitCode1) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuStreamCreate: cannot load the CUDA driver "
      "\\(/nonexistent/libcuda.so.1: cannot open shared object file: No such "
      "file or directory\\): install the NVIDIA driver, or set "
      "MGPU_CUDA_DRIVER to its libcuda.so\n$",
      {
        setenv("MGPU_DEVICE", "cuda", 1);
        setenv("MGPU_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
        mgpuStreamCreate();
      });
}

TEST(RuntimeErrors, WithoutCudaAutoRunsOnTheHostAndSaysWhy) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuModuleLoad: the object is a CUDA cubin; the host backend "
      "runs host objects \\(#offload.host\\) for this machine "
      "\\(MGPU_DEVICE=auto runs on the host because CUDA cannot: cannot load "
      "the CUDA driver \\(/nonexistent/libcuda.so.1: .*\\): install the "
      "NVIDIA driver, or set MGPU_CUDA_DRIVER to its libcuda.so\\)\n$",
      {
        setenv("MGPU_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
        Load(Cubin90());
      });
}

// The choices name ROCm's backend as rocm, not amd.
TEST(RuntimeErrors, UnknownDeviceChoice) {
  for (const char *choice : {"gpu", "amd"})
    EXPECT_IN_FRESH_PROCESS(1,
                            "^mgpu: mgpuStreamCreate: MGPU_DEVICE='" +
                                std::string(choice) +
                                "' is not auto, cuda, rocm, vulkan or host\n$",
                            {
                              setenv("MGPU_DEVICE", choice, 1);
                              mgpuStreamCreate();
                            });
}

TEST(RuntimeErrors, NoDevice) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuMemAlloc: cuInit failed with CUDA_ERROR_NO_DEVICE \\(no "
      "CUDA-capable device is detected\\); no CUDA device is visible: check "
      "the GPU, the NVIDIA driver and CUDA_VISIBLE_DEVICES\n$",
      {
        setenv("MGPU_DEVICE", "cuda", 1);
        setenv("FAKE_CUDA_DEVICES", "", 1);
        mgpuMemAlloc(16, nullptr, false);
      });
}

TEST(RuntimeErrors, ImageForAnotherArchitecture) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuModuleLoad: cuLibraryLoadData failed with "
      "CUDA_ERROR_NO_BINARY_FOR_GPU \\(no kernel image is available for "
      "execution on the device\\); the GPU code was not built for this "
      "device's architecture: compile it for this chip, or include PTX "
      "\\(format=fatbin\\)\n$",
      {
        setenv("FAKE_CUDA_DEVICES", "80", 1);
        Load(Cubin90());
      });
}

TEST(RuntimeErrors, PtxJitFailureShowsTheJitLog) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuModuleLoadJIT: cuLibraryLoadData failed with "
      "CUDA_ERROR_INVALID_PTX \\(a PTX JIT compilation failed\\): JIT log: "
      "ptxas fatal   : SM version specified by .target is higher than "
      "default SM version assumed\n$",
      {
        std::string ptx = MakePtx(100, {"kernel"});
        mgpuModuleLoadJIT(ptx.data(), 2);
      });
}

TEST(RuntimeErrors, OutOfMemory) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuMemAlloc: cuMemAlloc failed with CUDA_ERROR_OUT_OF_MEMORY "
      "\\(out of memory\\): 1024 bytes on device 0; out of device memory: "
      "free memory or use less of it\n$",
      {
        mgpuStreamCreate(); // loads the driver
        FakeCuda().failCall("cuMemAlloc", CUDA_ERROR_OUT_OF_MEMORY);
        mgpuMemAlloc(1024, nullptr, false);
      });
}

TEST(RuntimeErrors, MissingKernel) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuModuleGetFunction: cuLibraryGetKernel failed with "
      "CUDA_ERROR_NOT_FOUND \\(named symbol not found\\): kernel 'missing'; "
      "the module has no kernel of that name\n$",
      { mgpuModuleGetFunction(Load(Cubin90()), "missing"); });
}

TEST(RuntimeErrors, NoSuchDevice) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuStreamCreate: device 3 does not exist; this machine has 1 "
      "CUDA device \\(check CUDA_VISIBLE_DEVICES\\)\n$",
      {
        mgpuSetDefaultDevice(3);
        mgpuStreamCreate();
      });
}

TEST(RuntimeErrors, TooMuchSharedMemory) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuLaunchKernel: the launch asks for 307200 bytes of dynamic "
      "shared memory; device 0 allows at most 232448\n$",
      {
        MgpuFunctionHandle f = mgpuModuleGetFunction(Load(Cubin90()), "kernel");
        mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 300 * 1024, nullptr, nullptr,
                         nullptr, 0);
      });
}

TEST(RuntimeErrors, ClustersNeedHopper) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuLaunchClusterKernel: thread block clusters need sm_90 or "
      "newer; device 0 is sm_80\n$",
      {
        setenv("FAKE_CUDA_DEVICES", "80", 1);
        std::string cubin = MakeCubin(80, {"kernel"});
        MgpuFunctionHandle f = mgpuModuleGetFunction(Load(cubin), "kernel");
        mgpuLaunchClusterKernel(f, 2, 1, 1, 2, 1, 1, 32, 1, 1, 0, nullptr,
                                nullptr, nullptr);
      });
}

TEST(RuntimeErrors, ReportPolicyRecordsAndContinues) {
  EXPECT_IN_FRESH_PROCESS(
      0,
      "^mgpu: mgpuMemAlloc: cannot load the CUDA driver .*\nmgpu: "
      "mgpuStreamCreate: cannot load the CUDA driver .*\n$",
      {
        setenv("MGPU_ON_ERROR", "report", 1);
        setenv("MGPU_DEVICE", "cuda", 1);
        setenv("MGPU_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
        bool ok = mgpuMemAlloc(16, nullptr, false) == nullptr &&
                  mgpuGetLastError() == CUDA_ERROR_NOT_INITIALIZED &&
                  std::string(mgpuGetLastErrorMessage())
                          .find("cannot load the CUDA driver") == 0 &&
                  mgpuGetLastError() == CUDA_SUCCESS;
        // A second call fails the same way, without retrying the load.
        ok = ok && mgpuStreamCreate() == nullptr;
        if (!ok)
          std::exit(2);
      });
}

TEST(RuntimeErrors, DriverFailuresInALaunchLoopNameTheirEntryPoints) {
  // After the first launch, the calls of the loop take the fast path
  // (cuda/fast_path.h): its failures read as everywhere else.
  EXPECT_IN_FRESH_PROCESS(
      0,
      "^mgpu: mgpuLaunchKernel: cuLaunchKernel failed with "
      "CUDA_ERROR_LAUNCH_FAILED \\(error injected by the test driver\\)\n"
      "mgpu: mgpuStreamSynchronize: cuStreamSynchronize failed with "
      "CUDA_ERROR_LAUNCH_FAILED \\(error injected by the test driver\\)\n"
      "mgpu: mgpuLaunchKernel: cuCtxGetCurrent failed with "
      "CUDA_ERROR_DEINITIALIZED \\(driver shutting down\\)\n"
      "mgpu: mgpuStreamSynchronize: cuCtxGetCurrent failed with "
      "CUDA_ERROR_DEINITIALIZED \\(driver shutting down\\)\n$",
      {
        setenv("MGPU_ON_ERROR", "report", 1);
        MgpuFunctionHandle f = mgpuModuleGetFunction(Load(Cubin90()), "kernel");
        auto launch = [&] {
          mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr,
                           0);
        };
        launch();
        mgpuStreamSynchronize(nullptr);
        FakeCuda fake;
        fake.resetCalls();
        fake.failCall("cuLaunchKernel", CUDA_ERROR_LAUNCH_FAILED);
        launch();
        fake.failCall("cuStreamSynchronize", CUDA_ERROR_LAUNCH_FAILED);
        mgpuStreamSynchronize(nullptr);
        fake.failCall("cuCtxGetCurrent", CUDA_ERROR_DEINITIALIZED);
        launch();
        fake.failCall("cuCtxGetCurrent", CUDA_ERROR_DEINITIALIZED);
        mgpuStreamSynchronize(nullptr);
        // Each asked the driver once, and a failed context check launched
        // nothing.
        bool once = fake.calls("cuCtxGetCurrent") == 4 &&
                    fake.calls("cuLaunchKernel") == 1 &&
                    fake.calls("cuStreamSynchronize") == 1;
        launch();
        mgpuStreamSynchronize(nullptr);
        if (!once || mgpuGetLastError() != CUDA_ERROR_DEINITIALIZED ||
            fake.calls("cuLaunchKernel") != 2)
          std::exit(2);
      });
}

TEST(RuntimeErrors, UnknownPolicyFallsBackToAbort) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: MGPU_ON_ERROR='maybe' is neither 'abort' nor 'report'; using "
      "'abort'\nmgpu: mgpuModuleGetFunction: the module is null",
      {
        setenv("MGPU_ON_ERROR", "maybe", 1);
        mgpuModuleGetFunction(nullptr, "kernel");
      });
}

//===--- The launch path --------------------------------------------------===//

TEST(Runtime, UpstreamLaunchPatternCostsOneLookupAndNoStreamPerLaunch) {
  std::string cubin = Cubin90();
  MgpuModuleHandle module = Load(cubin);
  FakeCuda fake;
  fake.resetCalls();
  constexpr int kLaunches = 100;
  // What upstream's #gpu.select_object lowering does for each synchronous
  // launch.
  for (int i = 0; i < kLaunches; ++i) {
    MgpuFunctionHandle f = mgpuModuleGetFunction(module, "kernel");
    MgpuStream stream = mgpuStreamCreate();
    mgpuLaunchKernel(f, 4, 1, 1, 128, 1, 1, 0, stream, nullptr, nullptr, 0);
    mgpuStreamSynchronize(stream);
    mgpuStreamDestroy(stream);
  }
  EXPECT_EQ(fake.calls("cuLibraryGetKernel"), 1);
  EXPECT_LE(fake.calls("cuStreamCreate"), 1);
  EXPECT_EQ(fake.calls("cuStreamDestroy"), 0);
  EXPECT_EQ(fake.calls("cuLaunchKernel"), kLaunches);
  EXPECT_EQ(fake.calls("cuStreamSynchronize"), kLaunches);
  EXPECT_LE(fake.calls("cuCtxSetCurrent"), 1);
  FakeCudaLaunch launch = fake.lastLaunch();
  EXPECT_STREQ(launch.kernel, "kernel");
  EXPECT_EQ(launch.grid[0], 4u);
  EXPECT_EQ(launch.block[0], 128u);
  mgpuModuleUnload(module);
}

/// Forks a child that runs `body`, and returns its exit status (-1 if it
/// did not exit).
template <typename Body> int StatusOfChild(Body body) {
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    body();
    std::_Exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A child that fork() makes after the runtime started cannot use the
// parent's CUDA context, as with CUDA itself: a launch, on the thread whose
// fast path the parent had warmed, is an error in the runtime's words, and
// so is any other call; the parent goes on.
TEST(Runtime, AForkedChildsCallsAreErrors) {
  EXPECT_IN_FRESH_PROCESS(
      0,
      "mgpu: mgpuLaunchKernel: this process \\([0-9]+\\) is a child that "
      "fork\\(\\) made of process [0-9]+ after the runtime started there: "
      ".*\nmgpu: mgpuMemAlloc: this process .*",
      {
        std::string cubin = Cubin90();
        MgpuFunctionHandle f = mgpuModuleGetFunction(Load(cubin), "kernel");
        for (int i = 0; i < 2; ++i) {
          mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr,
                           0);
          mgpuStreamSynchronize(nullptr);
        }
        if (StatusOfChild([&] {
              mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr,
                               nullptr, 0);
            }) != 1 ||
            StatusOfChild([] { mgpuMemAlloc(64, nullptr, false); }) != 1)
          std::exit(2);
        mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr, 0);
        mgpuStreamSynchronize(nullptr);
      });
}

TEST(Runtime, KernelNamesAreCachedPerModuleAndName) {
  std::string cubin = Cubin90();
  MgpuModuleHandle module = Load(cubin);
  FakeCuda fake;
  fake.resetCalls();
  // The same name from another buffer, and another name.
  std::string name = "kernel";
  EXPECT_EQ(mgpuModuleGetFunction(module, "kernel"),
            mgpuModuleGetFunction(module, name.c_str()));
  EXPECT_NE(mgpuModuleGetFunction(module, "kernel"),
            mgpuModuleGetFunction(module, "other"));
  EXPECT_EQ(fake.calls("cuLibraryGetKernel"), 2);
  mgpuModuleUnload(module);
}

TEST(Runtime, NullStreamIsTheThreadsOwnStream) {
  std::string cubin = Cubin90();
  MgpuFunctionHandle f = mgpuModuleGetFunction(Load(cubin), "kernel");
  FakeCuda fake;
  mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  void *first = fake.lastLaunch().stream;
  mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  mgpuStreamSynchronize(nullptr);
  EXPECT_NE(first, nullptr);
  EXPECT_EQ(fake.lastLaunch().stream, first);
  void *other = nullptr;
  std::thread([&] {
    mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
    other = fake.lastLaunch().stream;
  }).join();
  EXPECT_NE(other, first);
}

TEST(Runtime, ContextIsMadeCurrentOncePerThread) {
  std::string cubin = Cubin90();
  MgpuFunctionHandle f = mgpuModuleGetFunction(Load(cubin), "kernel");
  FakeCuda fake;
  fake.resetCalls();
  std::thread([&] {
    for (int i = 0; i < 10; ++i)
      mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  }).join();
  EXPECT_EQ(fake.calls("cuCtxSetCurrent"), 1);
  EXPECT_EQ(fake.calls("cuLaunchKernel"), 10);
}

TEST(Runtime, LargeDynamicSharedMemoryOptsInOnce) {
  std::string cubin = Cubin90();
  MgpuFunctionHandle f = mgpuModuleGetFunction(Load(cubin), "other");
  FakeCuda fake;
  fake.resetCalls();
  for (int i = 0; i < 3; ++i)
    mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 64 * 1024, nullptr, nullptr, nullptr,
                     0);
  mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 1024, nullptr, nullptr, nullptr, 0);
  EXPECT_EQ(fake.calls("cuKernelSetAttribute"), 1);
  EXPECT_EQ(fake.lastLaunch().sharedMemBytes, 1024u);
}

TEST(Runtime, ClusterLaunch) {
  std::string cubin = Cubin90();
  MgpuFunctionHandle f = mgpuModuleGetFunction(Load(cubin), "kernel");
  FakeCuda fake;
  mgpuLaunchClusterKernel(f, 2, 1, 1, 8, 1, 1, 128, 1, 1, 0, nullptr, nullptr,
                          nullptr);
  FakeCudaLaunch launch = fake.lastLaunch();
  EXPECT_EQ(launch.cluster[0], 2u);
  EXPECT_EQ(launch.grid[0], 8u);
  EXPECT_EQ(launch.block[0], 128u);
}

TEST(Runtime, PtxLoadsThroughTheJit) {
  std::string ptx = MakePtx(90, {"jitted"});
  MgpuModuleHandle module = mgpuModuleLoadJIT(ptx.data(), 3);
  FakeCuda fake;
  EXPECT_EQ(fake.lastImageKind(), 'p');
  EXPECT_NE(mgpuModuleGetFunction(module, "jitted"), nullptr);
  mgpuModuleUnload(module);
}

//===--- Memory, events ---------------------------------------------------===//

// Memory.NothingToDo asserts the answers; here, that no driver call is made.
TEST(Runtime, NoBytesAllocateOrFreeNothingInTheDriver) {
  FakeCuda fake;
  fake.resetCalls();
  EXPECT_EQ(mgpuMemAlloc(0, nullptr, false), nullptr);
  mgpuMemFree(nullptr, nullptr);
  EXPECT_EQ(fake.calls("cuMemAlloc") + fake.calls("cuMemFree"), 0);
}

TEST(Runtime, HostRegisterMemRef) {
  float data[6] = {};
  MemRef2D memref = {reinterpret_cast<char *>(data),
                     reinterpret_cast<char *>(data),
                     0,
                     {2, 3, 3, 1}};
  FakeCuda fake;
  fake.resetCalls();
  mgpuMemHostRegisterMemRef(2, memref.descriptor(), sizeof(float));
  mgpuMemHostUnregisterMemRef(2, memref.descriptor(), sizeof(float));
  EXPECT_EQ(fake.calls("cuMemHostRegister"), 1);
  EXPECT_EQ(fake.calls("cuMemHostUnregister"), 1);
}

// One driver call, whose failure is the entry point's one error, with the
// memref's pointers null and the rest as it was.
TEST(Runtime, DeviceMemRefAsksTheDriver) {
  float data[16] = {};
  FakeCuda fake;
  mgpuMemHostRegister(data, sizeof(data));
  fake.resetCalls();
  MgpuMemRef1d memref = mgpuMemGetDeviceMemRef1dFloat(data, data, 1, 15, 1);
  EXPECT_EQ(fake.calls("cuMemHostGetDevicePointer"), 1);
  EXPECT_EQ(memref.aligned, static_cast<void *>(data));
  RecordedErrors errors;
  mgpuSetErrorHandler(RecordedErrors::Record, &errors);
  fake.failCall("cuMemHostGetDevicePointer", CUDA_ERROR_INVALID_VALUE);
  memref = mgpuMemGetDeviceMemRef1dFloat(data, data, 1, 15, 1);
  mgpuSetErrorHandler(nullptr, nullptr);
  EXPECT_EQ(errors.TakeCode(), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(memref.aligned, nullptr);
  EXPECT_EQ(memref.allocated, nullptr);
  EXPECT_EQ(memref.offset, 1);
  EXPECT_EQ(memref.size, 15);
  mgpuMemHostUnregister(data);
}

TEST(Runtime, EqualTensorMapsShareOneDeviceCopy) {
  float data[64 * 8] = {};
  MemRef2D memref = {reinterpret_cast<char *>(data),
                     reinterpret_cast<char *>(data),
                     0,
                     {64, 8, 8, 1}};
  int64_t box[2] = {16, 8};
  FakeCuda fake;
  fake.resetCalls();
  void *first = mgpuTensorMapEncodeTiledMemref(2, &memref, /*FLOAT32=*/7, 0, 0,
                                               0, 0, box);
  void *second = mgpuTensorMapEncodeTiledMemref(2, &memref, 7, 0, 0, 0, 0, box);
  EXPECT_NE(first, nullptr);
  EXPECT_EQ(first, second);
  EXPECT_EQ(fake.calls("cuMemAlloc"), 1);
  int64_t otherBox[2] = {32, 8};
  EXPECT_NE(mgpuTensorMapEncodeTiledMemref(2, &memref, 7, 0, 0, 0, 0, otherBox),
            first);
}

TEST(Runtime, EventsOrderStreams) {
  MgpuStream producer = mgpuStreamCreate();
  MgpuStream consumer = mgpuStreamCreate();
  MgpuEvent event = mgpuEventCreate();
  mgpuEventRecord(event, producer);
  mgpuStreamWaitEvent(consumer, event);
  mgpuEventSynchronize(event);
  mgpuStreamSynchronize(consumer);
  mgpuEventDestroy(event);
  mgpuStreamDestroy(producer);
  mgpuStreamDestroy(consumer);
  FakeCuda fake;
  EXPECT_EQ(fake.calls("cuEventRecord"), 1);
  EXPECT_EQ(fake.calls("cuStreamWaitEvent"), 1);
}

//===--- Objects chosen at load time --------------------------------------===//

/// gpu.binary @kernels: a cubin of `kernel` for each architecture, in order.
struct CubinsOfKernel {
  explicit CubinsOfKernel(std::initializer_list<int> archs) {
    for (int arch : archs)
      images.push_back(MakeCubin(arch, {"kernel"}));
    int i = 0;
    for (int arch : archs) {
      const std::string &image = images[i++];
      objects.push_back(
          {image.data(), image.size(), MGPU_OBJECT_CUBIN, arch, 0, 0});
    }
  }
  MgpuModuleHandle Load() {
    return mgpuModuleLoadObjects(
        objects.data(), static_cast<int32_t>(objects.size()), "kernels");
  }

  std::vector<std::string> images;
  std::vector<MgpuObject> objects;
};

TEST(RuntimeObjects, LoadsTheObjectForTheDevice) {
  EXPECT_IN_FRESH_PROCESS(0, "^$", {
    setenv("FAKE_CUDA_DEVICES", "86", 1);
    CubinsOfKernel binary({90, 80});
    MgpuModuleHandle module = binary.Load();
    if (!module || FakeCuda().lastImageArch() != 80)
      std::exit(2);
  });
}

/// Loads gpu.binary @kernels with a cubin for sm_80 and PTX for sm_100a:
/// nothing that an sm_90 device runs.
void LoadObjectsForNoSm90() {
  std::string cubin = MakeCubin(80, {"kernel"});
  std::string ptx = MakePtx(100, {"kernel"});
  MgpuObject objects[] = {
      {cubin.data(), cubin.size(), MGPU_OBJECT_CUBIN, 80, 0, 0},
      {ptx.data(), ptx.size() + 1, MGPU_OBJECT_PTX, 100, MGPU_ARCH_SPECIFIC,
       0}};
  mgpuModuleLoadObjects(objects, 2, "kernels");
}

TEST(RuntimeObjects, NothingFitsNamesTheDeviceAndTheObjects) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuModuleLoadObjects: gpu.binary @kernels has no object for "
      "device 0 \\(sm_90\\): it holds cubin sm_80, PTX sm_100a; compile it "
      "for this chip too, or include PTX\n$",
      {
        setenv("MGPU_DEVICE", "cuda", 1);
        LoadObjectsForNoSm90();
      });
}

// Under MGPU_DEVICE=auto, a CUDA device that the binary has no object for
// is passed over, as any GPU is: here for the host, which says why.
TEST(RuntimeObjects, UnderAutoNothingFittingPassesTheDeviceOver) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuModuleLoadObjects: gpu.binary @kernels has no object for "
      "the host CPU \\([^)]*\\): it holds cubin sm_80, PTX sm_100a; "
      "MGPU_DEVICE=auto runs on the host because CUDA cannot run gpu.binary "
      "@kernels: device 0 \\(sm_90\\) runs none of cubin sm_80, PTX "
      "sm_100a\\. Compile it for the host too .*\n$",
      {
        unsetenv("MGPU_DEVICE");
        LoadObjectsForNoSm90();
      });
}

// Binaries that register their objects (the constructors of libraries that
// another thread opens) while the first call chooses the backend from those
// registered before: the choice reads its own view of them, which the later
// registrations must leave intact (they once moved the names it read, a use
// after free). The binaries hold no GPU object, so the choice reads every
// name, for the host's message.
TEST(RuntimeObjects, RegistrationsDuringTheChoiceLeaveWhatItReadsIntact) {
  EXPECT_IN_FRESH_PROCESS(0, "", {
    unsetenv("MGPU_DEVICE");
    static char bytes[16] = {};
    // Host code for aarch64, which this x86-64 machine does not run: the
    // load fails with the reason for the host, naming every binary.
    constexpr int kAarch64 = 183;
    static const MgpuObject object = {
        bytes, sizeof(bytes), MGPU_OBJECT_HOST, kAarch64, 0, 0};
    static std::string message;
    mgpuSetErrorHandler(
        [](const char *, int32_t, const char *text, void *) { message = text; },
        nullptr);
    // 16000 binaries, short of 16384, where the registry would grow next;
    // then, a millisecond later (when the choice has most likely taken its
    // view of them, and not yet read all their names), more.
    constexpr int kBefore = 16000;
    std::atomic<bool> ready{false}, chosen{false};
    std::thread registrar([&] {
      for (int i = 0; !chosen.load(); ++i) {
        if (i == kBefore) {
          ready.store(true);
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        mgpuRegisterObjects(&object, 1, ("k" + std::to_string(i)).c_str());
      }
    });
    while (!ready.load())
      std::this_thread::yield();
    mgpuModuleLoadObjects(&object, 1, "loaded");
    chosen.store(true);
    registrar.join();
    const std::string because = "holds a GPU object (";
    size_t at = message.find(because);
    if (at == std::string::npos)
      std::exit(2);
    // "@k0: host aarch64; @k1: host aarch64; ...; @loaded: host aarch64)".
    int names = 0;
    for (at = message.find('@', at); at != std::string::npos;
         at = message.find('@', at + 1), ++names) {
      size_t end = message.find(':', at);
      std::string name = message.substr(at + 1, end - at - 1);
      if (name != "loaded" && name != "k" + std::to_string(names))
        std::exit(3);
    }
    if (names <= kBefore)
      std::exit(4);
  });
}

// A lazy binary registers its objects from a constructor, then loads them
// at its first launch: when that launch is the first call, the choice
// counts the binary once.
TEST(RuntimeObjects, ALazyBinaryLoadedFirstCountsOnceForTheChoice) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuGetFunctionLazily: gpu.binary @lazy has no object for the "
      "host CPU \\(x86-64\\): it holds host AArch64; MGPU_DEVICE=auto runs "
      "on the host because no gpu.binary it knows holds a GPU object "
      "\\(@lazy: host AArch64\\)\\. Compile it for the host too .*\n$",
      {
        unsetenv("MGPU_DEVICE");
        static char bytes[16] = {};
        constexpr int kAarch64 = 183;
        static const MgpuObject objects[] = {
            {bytes, sizeof(bytes), MGPU_OBJECT_HOST, kAarch64, 0, 0}};
        mgpuRegisterObjects(objects, 1, "lazy");
        MgpuModuleHandle module = nullptr;
        MgpuFunctionHandle kernel = nullptr;
        mgpuGetFunctionLazily(&module, objects, 1, "lazy", "kernel", &kernel);
      });
}

TEST(RuntimeObjects, LazyLoadHappensOnceAndPublishesTheKernel) {
  std::string cubin = Cubin90();
  MgpuObject objects[] = {
      {cubin.data(), cubin.size(), MGPU_OBJECT_CUBIN, 90, 0, 0}};
  MgpuModuleHandle module = nullptr;
  MgpuFunctionHandle kernel = nullptr, other = nullptr;
  FakeCuda fake;
  fake.resetCalls();
  MgpuFunctionHandle first =
      mgpuGetFunctionLazily(&module, objects, 1, "kernels", "kernel", &kernel);
  mgpuGetFunctionLazily(&module, objects, 1, "kernels", "other", &other);
  EXPECT_NE(first, nullptr);
  EXPECT_EQ(kernel, first);
  EXPECT_NE(other, nullptr);
  EXPECT_NE(module, nullptr);
  EXPECT_EQ(fake.calls("cuLibraryLoadData"), 1);
  mgpuModuleUnload(module);
}

TEST(RuntimeObjects, EachDeviceGetsTheObjectThatFitsIt) {
  // An sm_90 and an sm_80 device: one handle launches on both, each from the
  // object compiled for it; the test driver fails a launch whose image cannot
  // run on the launching device.
  EXPECT_IN_FRESH_PROCESS(0, "^$", {
    setenv("FAKE_CUDA_DEVICES", "90,80", 1);
    CubinsOfKernel binary({80, 90});
    MgpuModuleHandle module = binary.Load();
    MgpuFunctionHandle f = mgpuModuleGetFunction(module, "kernel");
    FakeCuda fake;
    int loadedFirst = fake.lastImageArch();
    mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr, 0);
    int launchedFirst = fake.lastLaunch().device;
    int loadedSecond = 0, launchedSecond = -1;
    std::thread([&] {
      mgpuSetDefaultDevice(1);
      mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr, 0);
      loadedSecond = fake.lastImageArch();
      launchedSecond = fake.lastLaunch().device;
    }).join();
    // Both devices again: nothing more is loaded.
    int64_t loads = fake.calls("cuLibraryLoadData");
    mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr, 0);
    mgpuSetDefaultDevice(1);
    mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr, 0);
    if (loadedFirst != 90 || launchedFirst != 0 || loadedSecond != 80 ||
        launchedSecond != 1 || loads != 2 ||
        fake.calls("cuLibraryLoadData") != 2 ||
        fake.calls("cuLaunchKernel") != 4)
      std::exit(2);
  });
}

TEST(RuntimeObjects, ADeviceWithoutAnObjectIsReportedAtItsLaunch) {
  EXPECT_IN_FRESH_PROCESS(
      1,
      "^mgpu: mgpuLaunchKernel: gpu.binary @kernels has no object for device "
      "1 \\(sm_75\\): it holds cubin sm_90; compile it for this chip too, "
      "or include PTX\n$",
      {
        setenv("FAKE_CUDA_DEVICES", "90,75", 1);
        std::string cubin = MakeCubin(90, {"kernel"});
        MgpuObject objects[] = {
            {cubin.data(), cubin.size(), MGPU_OBJECT_CUBIN, 90, 0, 0}};
        MgpuFunctionHandle f = mgpuModuleGetFunction(
            mgpuModuleLoadObjects(objects, 1, "kernels"), "kernel");
        mgpuSetDefaultDevice(1);
        mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr, 0);
      });
}

//===--- Beside other CUDA code -------------------------------------------===//

TEST(RuntimeContexts, AnotherLibrarysContextStaysCurrentAndIsNotLaunchedInto) {
  // Other code in the process (the CUDA runtime API, cuBLAS) makes device 1's
  // context current on a thread whose mgpu device is 0.
  EXPECT_IN_FRESH_PROCESS(0, "^$", {
    setenv("FAKE_CUDA_DEVICES", "90,90", 1);
    std::string cubin = Cubin90();
    MgpuFunctionHandle f = mgpuModuleGetFunction(Load(cubin), "kernel");
    mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr, 0);
    FakeCuda fake;
    auto retain = fake.entryPoint<decltype(&cuDevicePrimaryCtxRetain)>(
        "cuDevicePrimaryCtxRetain");
    auto setCurrent =
        fake.entryPoint<decltype(&cuCtxSetCurrent)>("cuCtxSetCurrent");
    auto getCurrent =
        fake.entryPoint<decltype(&cuCtxGetCurrent)>("cuCtxGetCurrent");
    CUcontext other = nullptr, current = nullptr;
    if (retain(&other, 1) != CUDA_SUCCESS || setCurrent(other) != CUDA_SUCCESS)
      std::exit(3);
    fake.resetCalls();
    mgpuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr, 0);
    // The launch asked for the current context once, fast path or not.
    bool askedOnce = fake.calls("cuCtxGetCurrent") == 1;
    void *memory = mgpuMemAlloc(64, nullptr, false);
    mgpuMemFree(memory, nullptr);
    int launchedOn = fake.lastLaunch().device;
    getCurrent(&current);
    bool balanced =
        fake.calls("cuCtxPushCurrent") >= 1 &&
        fake.calls("cuCtxPushCurrent") == fake.calls("cuCtxPopCurrent") &&
        fake.calls("cuCtxSetCurrent") == 0;
    if (launchedOn != 0 || current != other || !balanced || !askedOnce)
      std::exit(2);
  });
}

TEST(RuntimeContexts, ItsOwnContextIsCheckedWithOneCallAndNoSwitch) {
  std::string cubin = Cubin90();
  MgpuFunctionHandle f = mgpuModuleGetFunction(Load(cubin), "kernel");
  mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  FakeCuda fake;
  fake.resetCalls();
  for (int i = 0; i < 10; ++i)
    mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  EXPECT_EQ(fake.calls("cuCtxGetCurrent"), 10);
  EXPECT_EQ(fake.calls("cuCtxSetCurrent") + fake.calls("cuCtxPushCurrent") +
                fake.calls("cuCtxPopCurrent"),
            0);
}

//===--- Errors taken by the embedding program ----------------------------===//

TEST(RuntimeErrors, AnInstalledHandlerTakesEveryErrorInsteadOfThePolicy) {
  // Nothing printed, no exit: the handler gets the error, the call returns
  // null, mgpuGetLastError reports it. Uninstalled, the policy is back.
  EXPECT_IN_FRESH_PROCESS(
      1, "^mgpu: mgpuEventSynchronize: the event is null\n$", {
        RecordedErrors errors;
        mgpuSetErrorHandler(RecordedErrors::Record, &errors);
        MgpuFunctionHandle f = mgpuModuleGetFunction(nullptr, "kernel");
        std::thread([] { mgpuStreamWaitEvent(nullptr, nullptr); }).join();
        bool ok = f == nullptr && errors.seen.size() == 2 &&
                  errors.seen[1].code == CUDA_ERROR_INVALID_HANDLE &&
                  errors.seen[1].message ==
                      "mgpuStreamWaitEvent: the event is null" &&
                  mgpuGetLastError() == CUDA_ERROR_INVALID_HANDLE;
        if (!ok)
          std::exit(2);
        mgpuSetErrorHandler(nullptr, nullptr);
        mgpuEventSynchronize(nullptr);
        std::exit(3); // not reached: the policy ends the program
      });
}

//===--- Devices ----------------------------------------------------------===//

TEST(RuntimeDevices, EachThreadUsesItsOwnDevice) {
  EXPECT_IN_FRESH_PROCESS(0, "^$", {
    setenv("FAKE_CUDA_DEVICES", "90,90", 1);
    std::string cubin = Cubin90();
    MgpuFunctionHandle f = mgpuModuleGetFunction(Load(cubin), "kernel");
    FakeCuda fake;
    int seen[2] = {-1, -1};
    // Both threads hold their device at once; the launch and the look at the
    // driver's last launch go one thread at a time, so that each sees its own.
    std::mutex launching;
    std::thread threads[2];
    for (int device = 0; device < 2; ++device)
      threads[device] = std::thread([&, device] {
        mgpuSetDefaultDevice(device);
        std::lock_guard<std::mutex> lock(launching);
        mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
        seen[device] = fake.lastLaunch().device;
      });
    threads[0].join();
    threads[1].join();
    // And a thread can move between devices at any time.
    mgpuSetDefaultDevice(1);
    mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
    int moved = fake.lastLaunch().device;
    mgpuSetDefaultDevice(0);
    mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
    int back = fake.lastLaunch().device;
    if (seen[0] != 0 || seen[1] != 1 || moved != 1 || back != 0)
      std::exit(2);
  });
}

TEST(RuntimeDevices, AThreadMovedToAnotherDeviceUsesThatDevicesStream) {
  // The fast path keeps the thread's device and stream at hand: moving the
  // thread (mgpuSetDefaultDevice) must not leave the old ones there.
  EXPECT_IN_FRESH_PROCESS(0, "^$", {
    setenv("FAKE_CUDA_DEVICES", "90,90", 1);
    MgpuFunctionHandle f = mgpuModuleGetFunction(Load(Cubin90()), "kernel");
    FakeCuda fake;
    struct Seen {
      int device;
      void *stream;
    };
    auto launchOn = [&](int device) {
      mgpuSetDefaultDevice(device);
      for (int i = 0; i < 2; ++i) {
        mgpuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
        mgpuStreamSynchronize(nullptr);
      }
      return Seen{fake.lastLaunch().device, fake.lastLaunch().stream};
    };
    Seen first = launchOn(0), moved = launchOn(1), back = launchOn(0);
    if (first.device != 0 || moved.device != 1 || back.device != 0 ||
        moved.stream == first.stream || back.stream != first.stream)
      std::exit(2);
  });
}

} // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  // Re-execute for death tests, so each starts with a runtime never used.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  return RUN_ALL_TESTS();
}
