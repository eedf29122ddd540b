//===- process_exit.h - Whether the process is exiting ----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Once the process has begun to exit (std::exit, or a return from main), a
// driver may already have torn itself down, and unloading a module would only
// print its errors (llvm-project #190563): a backend's unload then does
// nothing, as the process's end frees everything.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_PROCESS_EXIT_H
#define OFFLOAD_RUNTIME_PROCESS_EXIT_H

#include "offload_runtime/status.h"

#include <functional>

namespace mgpu {

/// Starts watching for the process's exit (once; later calls do nothing):
/// a backend calls it when it loads its first module.
void WatchForProcessExit();

/// Whether the process has begun to exit since WatchForProcessExit.
bool ProcessExiting();

/// A backend's unload of `module`: `unload` of it (a Status), then `module`
/// deleted; nothing once the process has begun to exit.
template <typename Module, typename Unload>
Status UnloadUnlessExiting(Module *module, Unload unload) {
  if (ProcessExiting())
    return OkStatus();
  Status status = std::invoke(unload, *module);
  delete module;
  return status;
}

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_PROCESS_EXIT_H
