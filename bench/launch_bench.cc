//===- launch_bench.cc - Host cost of a synchronous kernel launch ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Prints, per synchronous launch of one small kernel, the host time and (when
// the driver is the test driver) the number of driver calls, for:
//   (a) IR from upstream's #gpu.select_object lowering, against libmgpu.so;
//   (b) IR from our own translation (#offload.loader), against libmgpu.so;
//   (c) the CUDA driver called directly: cuLaunchKernel + cuStreamSynchronize.
// The driver is $MGPU_CUDA_DRIVER, else libcuda.so.1. bench/callgrind.sh adds
// instructions per launch.
//
// Usage: launch_bench [launches] [all|upstream|loader|direct]
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

#include <cuda.h>
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

extern const unsigned char bench_kernel_cubin[];
extern const size_t bench_kernel_cubin_size;

// Lowered from launch_loop.mlir by stock mlir-opt-22 (#gpu.select_object),
// and by our pipeline (#offload.loader): `n` synchronous launches of @scale.
extern "C" void launch_many(float *allocated, float *aligned, int64_t offset,
                            int64_t size, int64_t stride, int64_t n);
extern "C" void launch_many_loader(float *allocated, float *aligned,
                                   int64_t offset, int64_t size, int64_t stride,
                                   int64_t n);

namespace {

constexpr int kThreads = 32;

const char *DriverPath() {
  const char *path = std::getenv("MGPU_CUDA_DRIVER");
  return path && *path ? path : "libcuda.so.1";
}

/// Total driver calls so far, when the driver is the test driver; else -1.
int64_t DriverCalls() {
  static auto *count = reinterpret_cast<int64_t (*)(const char *)>(
      dlsym(dlopen(DriverPath(), RTLD_NOW | RTLD_NOLOAD), "fakeCudaCallCount"));
  if (!count)
    return -1;
  int64_t total = 0;
  for (const char *name :
       {"cuLaunchKernel", "cuLaunchKernelEx", "cuStreamSynchronize",
        "cuStreamCreate", "cuStreamDestroy", "cuLibraryGetKernel",
        "cuCtxGetCurrent", "cuCtxSetCurrent", "cuCtxPushCurrent",
        "cuCtxPopCurrent", "cuKernelSetAttribute", "cuDeviceGet",
        "cuDeviceGetAttribute"})
    total += count(name);
  return total;
}

struct Result {
  double nsPerLaunch;
  double driverCallsPerLaunch; // < 0: unknown
};

template <typename Launches> Result Measure(int64_t launches, Launches run) {
  run(launches / 100 + 1); // warm up: load, look up, create what is cached
  int64_t callsBefore = DriverCalls();
  auto start = std::chrono::steady_clock::now();
  run(launches);
  auto end = std::chrono::steady_clock::now();
  int64_t callsAfter = DriverCalls();
  double ns = std::chrono::duration<double, std::nano>(end - start).count();
  return {ns / launches,
          callsBefore < 0 ? -1.0 : double(callsAfter - callsBefore) / launches};
}

void Die(const char *what, CUresult result) {
  std::fprintf(stderr, "launch_bench: %s failed with CUresult %d\n", what,
               result);
  std::exit(1);
}

/// (c): the driver alone, through cuGetProcAddress as any loader would.
Result MeasureDirect(int64_t launches) {
  void *library = dlopen(DriverPath(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    std::fprintf(stderr, "launch_bench: %s\n", dlerror());
    std::exit(1);
  }
  using GetProc = CUresult (*)(const char *, void **, int, cuuint64_t,
                               CUdriverProcAddressQueryResult *);
  auto getProc =
      reinterpret_cast<GetProc>(dlsym(library, "cuGetProcAddress_v2"));
  auto resolve = [&](const char *name) {
    void *fn = nullptr;
    CUdriverProcAddressQueryResult found;
    if (!getProc || getProc(name, &fn, CUDA_VERSION, 0, &found) != 0 || !fn) {
      std::fprintf(stderr, "launch_bench: the driver has no %s\n", name);
      std::exit(1);
    }
    return fn;
  };
#define RESOLVE(name)                                                          \
  auto name##_ = reinterpret_cast<decltype(&name)>(resolve(#name))
  RESOLVE(cuInit);
  RESOLVE(cuDeviceGet);
  RESOLVE(cuDevicePrimaryCtxRetain);
  RESOLVE(cuCtxSetCurrent);
  RESOLVE(cuLibraryLoadData);
  RESOLVE(cuLibraryGetKernel);
  RESOLVE(cuStreamCreate);
  RESOLVE(cuMemAlloc);
  RESOLVE(cuLaunchKernel);
  RESOLVE(cuStreamSynchronize);
#undef RESOLVE
  CUdevice device;
  CUcontext context;
  CUlibrary cubin;
  CUkernel kernel;
  CUstream stream;
  CUdeviceptr data;
  CUresult r;
  if ((r = cuInit_(0)) || (r = cuDeviceGet_(&device, 0)) ||
      (r = cuDevicePrimaryCtxRetain_(&context, device)) ||
      (r = cuCtxSetCurrent_(context)))
    Die("initialization", r);
  if ((r = cuLibraryLoadData_(&cubin, bench_kernel_cubin, nullptr, nullptr, 0,
                              nullptr, nullptr, 0)) ||
      (r = cuLibraryGetKernel_(&kernel, cubin, "scale")))
    Die("loading the kernel", r);
  if ((r = cuStreamCreate_(&stream, CU_STREAM_NON_BLOCKING)) ||
      (r = cuMemAlloc_(&data, kThreads * sizeof(float))))
    Die("setup", r);
  void *pointer = reinterpret_cast<void *>(data);
  int64_t offset = 0, size = kThreads, stride = 1;
  float factor = 1.0f;
  void *params[] = {&pointer, &pointer, &offset, &size, &stride, &factor};
  return Measure(launches, [&](int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      cuLaunchKernel_(reinterpret_cast<CUfunction>(kernel), 1, 1, 1, kThreads,
                      1, 1, 0, stream, params, nullptr);
      cuStreamSynchronize_(stream);
    }
  });
}

/// (a): upstream's lowering, whose module the global constructors loaded.
Result MeasureUpstream(int64_t launches) {
  auto *data = static_cast<float *>(
      mgpuMemAlloc(kThreads * sizeof(float), nullptr, false));
  // Upstream's gpu-to-llvm puts each launch's argument allocas inside the
  // loop, so one call's stack grows with its launches: call in chunks.
  constexpr int64_t kChunk = 10000;
  return Measure(launches, [&](int64_t n) {
    for (int64_t done = 0; done < n; done += kChunk)
      launch_many(data, data, 0, kThreads, 1, std::min(kChunk, n - done));
  });
}

/// (b): our translation; its module was loaded and its kernel resolved by
/// its global constructor. Its argument block is allocated once per call, so
/// one call may make any number of launches.
Result MeasureLoader(int64_t launches) {
  auto *data = static_cast<float *>(
      mgpuMemAlloc(kThreads * sizeof(float), nullptr, false));
  return Measure(launches, [&](int64_t n) {
    launch_many_loader(data, data, 0, kThreads, 1, n);
  });
}

void Print(const char *mode, int64_t launches, const Result &result) {
  std::printf("%-40s %10lld %12.1f", mode, static_cast<long long>(launches),
              result.nsPerLaunch);
  if (result.driverCallsPerLaunch >= 0)
    std::printf(" %14.2f\n", result.driverCallsPerLaunch);
  else
    std::printf(" %14s\n", "-");
}

} // namespace

int main(int argc, char **argv) {
  int64_t launches = argc > 1 ? std::atoll(argv[1]) : 100000;
  std::string mode = argc > 2 ? argv[2] : "all";
  if (launches <= 0 || (mode != "all" && mode != "upstream" &&
                        mode != "loader" && mode != "direct")) {
    std::fprintf(stderr, "usage: launch_bench [launches > 0] "
                         "[all|upstream|loader|direct]\n");
    return 2;
  }
  std::printf("driver: %s\n", DriverPath());
  std::printf("%-40s %10s %12s %14s\n", "mode", "launches", "ns/launch",
              "driver calls");
  if (mode == "all" || mode == "upstream")
    Print("(a) upstream IR + libmgpu.so", launches, MeasureUpstream(launches));
  if (mode == "all" || mode == "loader")
    Print("(b) #offload.loader IR + libmgpu.so", launches,
          MeasureLoader(launches));
  if (mode == "all" || mode == "direct")
    Print("(c) CUDA driver directly", launches, MeasureDirect(launches));
  return 0;
}
