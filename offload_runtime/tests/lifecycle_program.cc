//===- lifecycle_program.cc - Load before main, unload at exit ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Does what LLVM IR from gpu.binary does: loads its GPU object in a global
// constructor (before main and before any context exists), launches from
// main, and unloads in a global destructor, when the driver may already be
// shutting down. lifecycle_test.sh runs it: with a driver it must print
// nothing and exit 0; without one, print one line and exit 1.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

#include "offload_runtime/testing/fake_cuda.h"

#include <string>

namespace {
MgpuModuleHandle module;
std::string *image;
} // namespace

// Priority 123, as llvm.global_ctors and llvm.global_dtors use.
__attribute__((constructor(123))) static void loadModule() {
  image = new std::string(mgpu::testing::MakeCubin(90, {"kernel"}));
  module = mgpuModuleLoad(image->data(), image->size());
}

__attribute__((destructor(123))) static void unloadModule() {
  mgpuModuleUnload(module);
}

int main() {
  MgpuFunctionHandle kernel = mgpuModuleGetFunction(module, "kernel");
  for (int i = 0; i < 10; ++i) {
    MgpuStream stream = mgpuStreamCreate();
    mgpuLaunchKernel(kernel, 1, 1, 1, 32, 1, 1, 0, stream, nullptr, nullptr, 0);
    mgpuStreamSynchronize(stream);
    mgpuStreamDestroy(stream);
  }
  return 0;
}
