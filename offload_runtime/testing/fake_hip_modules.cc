//===- fake_hip_modules.cc - The test HIP runtime: modules, launches ------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A module belongs to the device current at its load, as in HIP, and its
// kernels launch only on streams of that device. Launches are recorded,
// never run: the test runtime cannot run AMD code, and reads nothing that a
// launch is given.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_hip_entries.h"
#include "offload_runtime/testing/fake_hip_state.h"

#include "object_format/amdgpu/AmdgpuChips.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>

using namespace mgpu::hip;
using fake_hip::NoThrow;

namespace {

/// The largest workgroup and the most LDS (dynamic shared memory) one may
/// have on the chips the runtime knows (gfx950's 160 KiB aside).
constexpr unsigned kMaxBlock[3] = {1024, 1024, 1024};
constexpr unsigned kMaxBlockThreads = 1024;
constexpr unsigned kMaxSharedBytes = 64 * 1024;

/// One line per code object loaded, in $FAKE_HIP_LOG if it names a file.
void Log(int device, const fake_hip::CodeObject &object) {
  const char *path = std::getenv("FAKE_HIP_LOG");
  if (!path || !*path)
    return;
  std::string kernels;
  for (const std::string &kernel : object.kernels)
    kernels += (kernels.empty() ? "" : ",") + kernel;
  std::ofstream(path, std::ios::app)
      << "device " << device << " "
      << object_format::describeAmdgpuFlags(object.flags) << " kernels "
      << kernels << "\n";
}

/// The device that a launch on `stream` runs on, or -1 for no such stream.
int DeviceOf(const fake_hip::State &s, hipStream_t stream) {
  if (!stream)
    return fake_hip::currentDevice;
  const int *device = s.streams.Find(stream);
  return device ? *device : -1;
}

bool LaunchableShape(const unsigned grid[3], const unsigned block[3],
                     unsigned sharedBytes) {
  for (int i = 0; i < 3; ++i)
    if (grid[i] == 0 || block[i] == 0 || block[i] > kMaxBlock[i])
      return false;
  return uint64_t(block[0]) * block[1] * block[2] <= kMaxBlockThreads &&
         sharedBytes <= kMaxSharedBytes;
}

} // namespace

hipError_t hipModuleLoadData(hipModule_t *module, const void *image) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipModuleLoadData");
    if (!module || !image)
      return hipErrorInvalidValue;
    const int device = fake_hip::currentDevice;
    if (device >= static_cast<int>(s.devices.size()))
      return hipErrorNoDevice;
    auto loaded = std::make_unique<fake_hip::Module>();
    loaded->device = device;
    switch (fake_hip::InspectCodeObject(image, s.devices[device].id,
                                        loaded->object)) {
    case fake_hip::LoadResult::Invalid:
      return hipErrorInvalidImage;
    case fake_hip::LoadResult::NotForDevice:
      return hipErrorNoBinaryForGpu;
    case fake_hip::LoadResult::Ok:
      break;
    }
    s.lastLoadFlags = loaded->object.flags;
    s.lastLoadDevice = device;
    Log(device, loaded->object);
    *module = reinterpret_cast<hipModule_t>(s.modules.Add(std::move(loaded)));
    return hipSuccess;
  });
}

hipError_t hipModuleUnload(hipModule_t module) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipModuleUnload");
    if (!s.modules.Unload(reinterpret_cast<fake_hip::Module *>(module)))
      return hipErrorInvalidHandle;
    return hipSuccess;
  });
}

hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module,
                                const char *name) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipModuleGetFunction");
    auto *loaded = reinterpret_cast<fake_hip::Module *>(module);
    if (!function || !name)
      return hipErrorInvalidValue;
    if (!s.modules.IsLive(loaded))
      return hipErrorInvalidHandle;
    fake_hip::Function *found = s.modules.Find(
        loaded, name, loaded->object.kernels.count(name) != 0, [&] {
          return std::make_unique<fake_hip::Function>(
              fake_hip::Function{loaded, name});
        });
    if (!found)
      return hipErrorNotFound;
    *function = reinterpret_cast<hipFunction_t>(found);
    return hipSuccess;
  });
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned gx, unsigned gy,
                                 unsigned gz, unsigned bx, unsigned by,
                                 unsigned bz, unsigned sharedBytes,
                                 hipStream_t stream, void **params,
                                 void **extra) {
  return NoThrow([&] {
    FAKE_HIP_ENTER("hipModuleLaunchKernel");
    auto *function = reinterpret_cast<fake_hip::Function *>(f);
    if (!s.modules.IsLive(function))
      return hipErrorInvalidHandle;
    const unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
    if (!LaunchableShape(grid, block, sharedBytes))
      return hipErrorInvalidValue;
    // A kernel runs on the device its module was loaded on.
    int device = DeviceOf(s, stream);
    if (device < 0 || device != function->module->device)
      return hipErrorInvalidHandle;
    s.lastLaunch = {{},
                    {gx, gy, gz},
                    {bx, by, bz},
                    sharedBytes,
                    stream,
                    device,
                    function->module->object.flags,
                    params,
                    extra};
    std::snprintf(s.lastLaunch.kernel, sizeof(s.lastLaunch.kernel), "%s",
                  function->name.c_str());
    ++s.launches;
    return hipSuccess;
  });
}
