//===- conformance.h - What the suite needs of a backend --------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The conformance suite (conformance_test.cc) runs against one backend per
// test binary: BUILD.bazel links it with that backend's description, one
// *_fixture.cc, which defines TheBackend().
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CONFORMANCE_CONFORMANCE_H
#define OFFLOAD_RUNTIME_CONFORMANCE_CONFORMANCE_H

#include "mgpu/mgpu.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace mgpu::conformance {

/// A case that a backend skips, and why (README.md): what it does not have
/// ("tensor maps (TMA) are a CUDA feature"), "known disagreement: <what it
/// answers>" where it answers otherwise than the case expects, or "known
/// defect: <what goes wrong>" where it fails in a way no answer shows. The
/// last two are the runtime's defects, whose fix removes the entry; the
/// expectation is never weakened instead.
struct Skip {
  /// The case, as GoogleTest names it: "StreamAfterDestroy.Launch".
  const char *test;
  const char *reason;
};

struct BackendUnderTest {
  /// How MGPU_DEVICE names it; the test's environment sets it.
  const char *name;
  /// The object that BUILD.bazel compiles conformance_kernels.mlir to for
  /// it, as a gpu.binary holds it: bytes that live as long as the process.
  MgpuObject kernels;
  /// NUL-terminated PTX of the same kernels for mgpuModuleLoadJIT, where the
  /// backend has a JIT; else null.
  const char *jitImage;
  /// Whether the driver runs kernels. The test CUDA driver and the test HIP
  /// runtime record launches, checking them as a real driver would, and run
  /// none: there the cases check every call's answer, and not what a kernel
  /// wrote.
  bool runsKernels;
  std::vector<Skip> skips;
};

/// The backend of this test binary.
const BackendUnderTest &TheBackend();

/// `skips`, after the skips of a backend that has neither CUDA's JIT nor its
/// tensor maps, nor, if `clusters`, its thread block clusters.
inline std::vector<Skip> WithSkipsOfCudaFeatures(bool clusters,
                                                 std::vector<Skip> skips) {
  std::vector<Skip> all = {
      {"Modules.LoadJitCompilesPtx",
       "mgpuModuleLoadJIT compiles PTX, for CUDA's driver alone"},
      {"TensorMaps.EncodeTiled", "tensor maps (TMA) are a CUDA feature"},
      {"TensorMaps.EncodeTiledMemrefSharesADeviceCopy",
       "tensor maps (TMA) are a CUDA feature"},
  };
  if (clusters)
    all.push_back({"Launches.ClusterKernelWritesEveryElement",
                   "thread block clusters are a CUDA feature"});
  all.insert(all.end(), skips.begin(), skips.end());
  return all;
}

/// The bytes of the file that the environment variable `variable` names (a
/// kernel object that BUILD.bazel made); ends the process if there is none.
inline std::string ReadFileNamedBy(const char *variable) {
  const char *path = std::getenv(variable);
  std::ifstream file(path ? path : "", std::ios::binary);
  if (!file) {
    std::fprintf(stderr, "conformance: cannot read $%s (%s)\n", variable,
                 path ? path : "unset");
    std::exit(1);
  }
  return std::string(std::istreambuf_iterator<char>(file), {});
}

} // namespace mgpu::conformance

#endif // OFFLOAD_RUNTIME_CONFORMANCE_CONFORMANCE_H
