//===- live_modules.cc - Modules loaded and not yet unloaded --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/live_modules.h"

#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace mgpu {
namespace {

struct LiveModules {
  std::shared_mutex mutex;
  /// Each loaded module, with the kernels found in it.
  std::unordered_map<MgpuModuleHandle, std::vector<MgpuFunctionHandle>> modules;
  std::unordered_set<MgpuFunctionHandle> kernels;
};

/// Never destroyed: global destructors unload modules during exit.
LiveModules &GetLiveModules() {
  static LiveModules *live = new LiveModules;
  return *live;
}

/// Puts `kernel`, live, in the table: in its first slot, and whatever was
/// there in the second, unless it is there already. Under the sets' lock,
/// shared or not: two callers at once may lose a kernel from the table, but
/// never put in one that is not live.
void Cache(MgpuFunctionHandle kernel) { detail::liveKernels.Insert(kernel); }
void Uncache(MgpuFunctionHandle kernel) { detail::liveKernels.Erase(kernel); }

} // namespace

namespace detail {
HandleCache liveKernels;
} // namespace detail

void AddLiveModule(MgpuModuleHandle module) {
  LiveModules &live = GetLiveModules();
  std::unique_lock<std::shared_mutex> lock(live.mutex);
  live.modules.try_emplace(module);
}

bool RemoveLiveModule(MgpuModuleHandle module) {
  LiveModules &live = GetLiveModules();
  std::unique_lock<std::shared_mutex> lock(live.mutex);
  auto it = live.modules.find(module);
  if (it == live.modules.end())
    return false;
  for (MgpuFunctionHandle kernel : it->second) {
    Uncache(kernel);
    live.kernels.erase(kernel);
  }
  live.modules.erase(it);
  return true;
}

bool IsLiveModule(MgpuModuleHandle module) {
  LiveModules &live = GetLiveModules();
  std::shared_lock<std::shared_mutex> lock(live.mutex);
  return live.modules.count(module) != 0;
}

void AddLiveKernel(MgpuModuleHandle module, MgpuFunctionHandle kernel) {
  LiveModules &live = GetLiveModules();
  {
    std::shared_lock<std::shared_mutex> lock(live.mutex);
    if (live.kernels.count(kernel)) {
      Cache(kernel);
      return;
    }
  }
  std::unique_lock<std::shared_mutex> lock(live.mutex);
  auto it = live.modules.find(module);
  if (it == live.modules.end())
    return;
  if (live.kernels.count(kernel)) {
    Cache(kernel);
    return;
  }
  // Into the module's list first: a kernel live in the set and missing from
  // its module's list would outlive the unload.
  it->second.push_back(kernel);
  try {
    live.kernels.insert(kernel);
  } catch (...) {
    it->second.pop_back();
    throw;
  }
  Cache(kernel);
}

bool detail::IsLiveKernelLocked(MgpuFunctionHandle kernel) {
  if (!kernel)
    return false;
  LiveModules &live = GetLiveModules();
  std::shared_lock<std::shared_mutex> lock(live.mutex);
  if (!live.kernels.count(kernel))
    return false;
  // Evicted by another kernel of the same slot: back, for the next launch.
  Cache(kernel);
  return true;
}

} // namespace mgpu
