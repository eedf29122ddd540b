//===- conformance.h - What the suite needs of a backend --------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The conformance suite (conformance_test.cc) runs against one backend per
// test binary: each backend's folder links it with the backend's
// description, its fixture.cc, which defines TheBackend().
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CONFORMANCE_CONFORMANCE_H
#define OFFLOAD_RUNTIME_CONFORMANCE_CONFORMANCE_H

#include "mgpu/mgpu.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace mgpu::conformance {

/// A case that a backend skips, and why (README.md): what it does not have
/// ("the backend has no tensor maps (TMA)"), "known disagreement: <what it
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
  /// Whether the driver runs kernels. A test driver (offload_runtime/testing)
  /// records launches, checking them as a real driver would, and runs none:
  /// there the cases check every call's answer, and not what a kernel wrote.
  bool runsKernels;
  std::vector<Skip> skips;
};

/// The backend of this test binary.
const BackendUnderTest &TheBackend();

/// The optional features that some cases exercise, each of which a backend
/// may lack.
struct Features {
  /// mgpuModuleLoadJIT compiles PTX.
  bool jit;
  /// mgpuTensorMapEncodeTiled and mgpuTensorMapEncodeTiledMemref encode.
  bool tensorMaps;
  /// mgpuLaunchClusterKernel launches clusters of more than one block.
  bool clusters;
};

/// `skips`, after the skips of the cases of each feature that the backend
/// lacks of `has`: one list of those cases for every backend.
inline std::vector<Skip> WithSkipsOfMissingFeatures(Features has,
                                                    std::vector<Skip> skips) {
  std::vector<Skip> all;
  if (!has.jit)
    all.push_back({"Modules.LoadJitCompilesPtx",
                   "the backend has no JIT to compile PTX"});
  if (!has.tensorMaps) {
    all.push_back(
        {"TensorMaps.EncodeTiled", "the backend has no tensor maps (TMA)"});
    all.push_back({"TensorMaps.EncodeTiledMemrefSharesADeviceCopy",
                   "the backend has no tensor maps (TMA)"});
  }
  if (!has.clusters)
    all.push_back({"Launches.ClusterKernelWritesEveryElement",
                   "the backend has no thread block clusters"});
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

/// The `T` at `offset` of `object`, an ELF file's header field (e_flags,
/// e_machine); 0 where the object is shorter.
template <typename T>
T ElfHeaderField(const std::string &object, size_t offset) {
  T field = 0;
  if (object.size() >= offset + sizeof(T))
    std::memcpy(&field, object.data() + offset, sizeof(T));
  return field;
}

/// The kernels that BUILD.bazel compiled for the backend, from the file
/// that CONFORMANCE_KERNELS names: bytes that live as long as the process.
inline const std::string &KernelBytes() {
  static const std::string *bytes =
      new std::string(ReadFileNamedBy("CONFORMANCE_KERNELS"));
  return *bytes;
}

/// A backend without a JIT, whose kernels are KernelBytes() as an object of
/// `kind` for `arch` and `arch2`; it skips the cases of the features it
/// lacks of `has`, then `skips`.
inline BackendUnderTest WithoutJit(const char *name, int32_t kind, int32_t arch,
                                   int32_t arch2, bool runsKernels,
                                   Features has, std::vector<Skip> skips) {
  const std::string &bytes = KernelBytes();
  return {name,
          {bytes.data(), bytes.size(), kind, arch, arch2, 0},
          /*jitImage=*/nullptr,
          runsKernels,
          WithSkipsOfMissingFeatures(has, std::move(skips))};
}

} // namespace mgpu::conformance

#endif // OFFLOAD_RUNTIME_CONFORMANCE_CONFORMANCE_H
