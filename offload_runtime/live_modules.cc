//===- live_modules.cc - Modules loaded and not yet unloaded --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/live_modules.h"

#include <mutex>
#include <unordered_set>

namespace mgpu {
namespace {

struct LiveModules {
  std::mutex mutex;
  std::unordered_set<MgpuModuleHandle> modules;
};

/// Never destroyed: global destructors unload modules during exit.
LiveModules &GetLiveModules() {
  static LiveModules *live = new LiveModules;
  return *live;
}

} // namespace

void AddLiveModule(MgpuModuleHandle module) {
  LiveModules &live = GetLiveModules();
  std::lock_guard<std::mutex> lock(live.mutex);
  live.modules.insert(module);
}

bool RemoveLiveModule(MgpuModuleHandle module) {
  LiveModules &live = GetLiveModules();
  std::lock_guard<std::mutex> lock(live.mutex);
  return live.modules.erase(module) != 0;
}

bool IsLiveModule(MgpuModuleHandle module) {
  LiveModules &live = GetLiveModules();
  std::lock_guard<std::mutex> lock(live.mutex);
  return live.modules.count(module) != 0;
}

} // namespace mgpu
